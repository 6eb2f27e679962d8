import { Group, Skeleton, Stack } from '@mantine/core';

/** Placeholder rows shaped like the drivers list, so nothing shifts when the drivers arrive. */
export function DriversSkeleton({ label, rows = 10 }: { label: string; rows?: number }) {
  return (
    <Stack gap={0} aria-busy="true" aria-label={label} role="status" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {Array.from({ length: rows }, (_, r) => (
        <Group key={r} h={44} px={8} justify="space-between" wrap="nowrap">
          <Skeleton height={12} width={`${40 + ((r * 13) % 30)}%`} />
          <Skeleton height={10} width={56} />
        </Group>
      ))}
    </Stack>
  );
}
