/** Query keys of the driver's check-list questions (office pages keep their own). */
export const driverChecklistKeys = {
  all: () => ['checklists', 'driver'] as const,
  current: (reg: string) => [...driverChecklistKeys.all(), 'current', reg] as const,
  unit: (uid: number | null) => [...driverChecklistKeys.all(), 'unit', uid] as const,
  image: (id: number) => [...driverChecklistKeys.all(), 'image', id] as const,
};
