/** The brand module's door: brands by host, their public calls and basemaps, the brand editor, assets and the web page's head. */
export { brandAssets, brandRoutes } from './brand.routes.ts';
export { brandAdminRoutes } from './brand-admin.routes.ts';
export { brandIndexHtml, brandService, type BrandService } from './brand.service.ts';
export { type MapDefaults, PUBLIC_STYLE_URL } from './brand-map.ts';
export { letterheadOfSite } from './letterhead.ts';
