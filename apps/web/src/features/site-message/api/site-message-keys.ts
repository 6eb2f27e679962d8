// Cache keys of the site message feature's answers.
export const siteMessageKeys = {
  forSite: (siteId: number | null) => ['sitemessage', siteId] as const,
};
