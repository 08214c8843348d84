import { notFoundMeta } from '../meta';

export { NotFoundPage as default } from '../../features/not-found/NotFoundPage';

/**
 * Any address that is no page: the server answers it with this page's prerendered file and status 404 (an unknown
 * case study with the case-study route's own, decision 187).
 */
export const meta = () => notFoundMeta;
