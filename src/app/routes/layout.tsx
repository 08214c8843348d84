export { SiteLayout as default } from '../layout/SiteLayout';
