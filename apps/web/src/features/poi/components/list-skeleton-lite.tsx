import { Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while the places load. */
export function ListSkeletonLite({ label }: { label: string }) {
  return (
    <Stack gap={8} p="xs" role="status" aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  );
}
