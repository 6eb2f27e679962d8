// The places feature's door: the only file other code imports from it.
export { poiKeys } from './api/poi-keys.ts';
/** What the fleet page composes: the panel, the map controls and the map overlays. */
export { PlacesPanel } from './components/places-panel.tsx';
export { PoiDraftBar, usePoiDrafting } from './components/poi-draft-bar.tsx';
export { PoiMapControls } from './components/poi-map-controls.tsx';
export { PoiDraftOverlay } from './map/poi-draft-overlay.tsx';
export { PoiOverlay } from './map/poi-overlay.tsx';
/** A place's outline and label spot and the place colours, for other maps that draw one place (assets). */
export { POI_COLOURS } from './map/poi-colours.ts';
export { poiLabelAnchor, poiRing } from './model/poi-shapes.ts';
