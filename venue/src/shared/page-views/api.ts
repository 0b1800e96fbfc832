import type { PageViewInput } from '@plataforma/adapter';
import { api } from '../api';

/** Records a page view (POST /page-views, first-party analytics; decision 038). */
export const recordPageView = (input: PageViewInput): Promise<unknown> => api.site.pageViews.create(input);
