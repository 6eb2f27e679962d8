// Cache keys of the places feature's answers.
export const poiKeys = {
  list: (siteId: number) => ['poi', siteId] as const,
};
