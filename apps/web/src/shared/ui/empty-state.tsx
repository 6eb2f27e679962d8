import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  hint?: ReactNode;
  action?: ReactNode;
}

/** A calm, centred "nothing here yet" with the next step. */
export function EmptyState({ icon, title, hint, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap={6} py="xl" px="md" ta="center">
      <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text size="sm" c="dimmed" maw={420}>
          {hint}
        </Text>
      )}
      {action}
    </Stack>
  );
}
