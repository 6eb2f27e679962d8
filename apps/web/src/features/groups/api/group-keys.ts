// Cache keys of the groups feature's answers.
export const groupKeys = {
  /** The site's groups (the fleet page's group selector). */
  list: (siteId: number) => ['groups', siteId] as const,
  /** The group editor's own copy of the site's vehicles. */
  editorVehicles: (siteId: number) => ['groupEditor', 'vehicles', siteId] as const,
};
