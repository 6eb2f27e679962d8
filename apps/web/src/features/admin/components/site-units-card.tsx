import { UNIT_SYSTEMS, type UnitSystem } from '@fleet/shared';
import { Button, Card, Group, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRuler2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance, formatRadius, formatSpeed } from '../../../shared/format/units.ts';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useSaveSiteUnits } from '../api/site-units-api.ts';

/** On the config page: the site's unit system (issue 10), with what each choice reads like. */
export function SiteUnitsCard() {
  const { t } = useTranslation();
  const saved = useUnitSystem();
  const [choice, setChoice] = useState<UnitSystem>(saved);
  const save = useSaveSiteUnits();
  return (
    <Card withBorder padding="md" data-testid="site-units">
      <Stack gap="xs" align="flex-start">
        <Group gap="xs">
          <IconRuler2 size={18} aria-hidden />
          <Text fw={600}>
            {t('siteUnits.title')}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('siteUnits.cardText')}
        </Text>
        <Radio.Group
          label={t('siteUnits.label')}
          value={choice}
          onChange={(v) => {
            setChoice(v === 'metric' ? 'metric' : 'imperial');
            save.reset();
          }}
        >
          <Stack gap={8} mt={6}>
            {UNIT_SYSTEMS.map((s) => (
              <Radio key={s} value={s} label={t(`siteUnits.${s}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed" role="status">
          {t('siteUnits.example', { speed: formatSpeed(30, choice), distance: formatDistance(2, choice), radius: formatRadius(900, choice) })}
        </Text>
        {save.isError && <ErrorState error={save.error} />}
        <Button
          size="compact-sm"
          disabled={choice === saved}
          loading={save.isPending}
          onClick={() => save.mutate(choice, { onSuccess: () => notifications.show({ color: 'teal', message: t('siteUnits.saved') }) })}
        >
          {t('siteUnits.save')}
        </Button>
      </Stack>
    </Card>
  );
}
