import type { ReadOnlyType } from '../../documents/rules';

/**
 * Page views on the stock paths: read only in the Content Manager (no content-API route,
 * decision 019). The venue records them (decision 038) and the dashboards count them through
 * their hourly rollup (decision 053), which a hand edit would leave out of step.
 */
export const pageViewRules: ReadOnlyType = { uid: 'api::page-view.page-view', readOnly: 'pageView.error.readOnlyHere' };
