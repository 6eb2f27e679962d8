import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A section of the configuration page: icon, title, a line on what it holds, and Open. */
export function ConfigSectionCard({ icon: Icon, title, text, to, variant = 'outline' }: {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  title: string;
  text: string;
  to: string;
  variant?: 'outline' | 'light';
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md">
      <Stack gap="xs" align="flex-start">
        <Group gap="xs">
          <Icon size={18} aria-hidden />
          <Text fw={600}>{title}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <Button component={Link} to={to} size="compact-sm" variant={variant} aria-label={t('config.openSection', { section: title })}>
          {t('config.open')}
        </Button>
      </Stack>
    </Card>
  );
}
