// Cache keys of the office's check list answers. The `all…` keys are prefixes.
export const officeChecklistKeys = {
  allAlerts: () => ['vclalerts'] as const,
  alerts: (siteId: number | null) => [...officeChecklistKeys.allAlerts(), siteId] as const,
  allViews: () => ['vclview'] as const,
  view: (id: number) => [...officeChecklistKeys.allViews(), id] as const,
  image: (id: number) => ['upload-image', id] as const,
};
