import type { MetaFunction } from 'react-router';
import { findCaseStudy } from '../../content/caseStudies';
import { notFoundMeta, pageMeta } from '../meta';
import { breadcrumbs, caseStudyArticle } from '../structuredData';

export { CaseStudyPage as default } from '../../features/case-studies/CaseStudyPage';

export const meta: MetaFunction = ({ params }) => {
  const study = findCaseStudy(params.slug);
  if (!study) return notFoundMeta;
  const path = `/case-studies/${study.slug}`;
  return pageMeta({
    path,
    title: study.title,
    description: study.description,
    structuredData: [
      caseStudyArticle(study),
      breadcrumbs([
        ['Case Studies', '/case-studies'],
        [study.title, path],
      ]),
    ],
  });
};
