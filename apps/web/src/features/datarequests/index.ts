// The data requests feature's door (issue 14): the amazondatarequest page, loaded when first opened.
export const loadDataRequestsPage = () => import('./pages/data-requests-page.tsx');
