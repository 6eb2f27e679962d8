/** The places module's door: location text ('At {POI}', nearest town), reverse lookups and what3words. */
export { placesRoutes } from './places.routes.ts';
export { gazetteerGeocoder, nominatimGeocoder, type ReverseGeocoder } from './geocoder.ts';
export { placeText } from './gazetteer.ts';
export { placeFinder } from './place-finder.ts';
export { what3wordsApi, what3wordsNotConfigured } from './what3words.ts';
