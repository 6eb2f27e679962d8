import { Badge, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title.ts';

interface PageHeaderProps {
  title: string;
  /** Shown beside the title, e.g. '12 vehicles'. */
  count?: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The heading of every page: one h1, an optional count, a short description and actions on the right. */
export function PageHeader({ title, count, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap" gap="xs">
      <div>
        <Group gap="xs" align="center">
          <Title order={1} fz="h3">
            {title}
          </Title>
          {count !== undefined && (
            <Badge
              variant="light"
              color="gray"
              c="dark.7"
              size="lg"
              radius="sm"
              tt="none"
              fw={600}
              aria-live="polite"
            >
              {count}
            </Badge>
          )}
        </Group>
        {description && (
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        )}
      </div>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
