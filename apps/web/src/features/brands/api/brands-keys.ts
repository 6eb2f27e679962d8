// Cache keys of the brands feature's answers; other code uses them only through the feature's index.
export const brandsKeys = {
  brands: () => ['brands'] as const,
  smsOutbox: () => ['smsoutbox'] as const,
};
