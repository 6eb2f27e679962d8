import { Group, Skeleton, Stack } from '@mantine/core';

/** Placeholder rows shaped like the vehicle checklist. */
export function ChecklistSkeleton({ label, rows = 8 }: { label: string; rows?: number }) {
  return (
    <Stack gap={0} aria-busy="true" aria-label={label} role="status" h="min(42dvh, 420px)" style={{ overflow: 'hidden' }}>
      {Array.from({ length: rows }, (_, r) => (
        <Group key={r} h={40} px={8} gap={10} wrap="nowrap">
          <Skeleton height={16} width={16} radius="sm" />
          <Skeleton height={12} width={`${25 + ((r * 11) % 20)}%`} />
        </Group>
      ))}
    </Stack>
  );
}
