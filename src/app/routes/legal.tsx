import type { MetaFunction } from 'react-router';
import { findLegalDocument } from '../../content/legal';
import { notFoundMeta, pageMeta } from '../meta';
import { breadcrumbs } from '../structuredData';

export { LegalPage as default } from '../../features/legal/LegalPage';

/** One route per document (routes.ts), so an unknown /legal/... address is the 404 page. */
export const meta: MetaFunction = ({ location }) => {
  const doc = findLegalDocument(location.pathname.split('/').pop());
  if (!doc) return notFoundMeta;
  const path = `/legal/${doc.slug}`;
  return pageMeta({ path, title: doc.title, description: doc.summary, structuredData: [breadcrumbs([[doc.title, path]])] });
};
