import { Group, Skeleton, Stack } from '@mantine/core';

/** Placeholder rows shaped like the vehicle list, so nothing shifts when the vehicles arrive. */
export function ListSkeleton({ rows = 9, label }: { rows?: number; label: string }) {
  return (
    <Stack gap={0} aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: rows }, (_, r) => (
        <Group key={r} gap={8} px={8} py={8} wrap="nowrap">
          <Skeleton circle height={34} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width={`${45 + ((r * 13) % 30)}%`} />
            <Skeleton height={10} width={`${30 + ((r * 17) % 35)}%`} />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
