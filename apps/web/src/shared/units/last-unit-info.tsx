import { lastUnitInfoAnswerSchema, type lastUnitInfoSchema } from '@fleet/shared';
import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../api/api.ts';
import { sharedKeys } from '../query-keys.ts';
import { type Field, FieldList } from '../ui/field-list.tsx';

export type LastUnitInfo = z.infer<typeof lastUnitInfoSchema>;
export type UnitAttribute = LastUnitInfo['attributes'][number];

/** A unit's registration and latest state; refreshed every 30 s so the online badge stays true. */
export const lastUnitInfoQuery = (uid: number) =>
  queryOptions({
    queryKey: sharedKeys.lastUnitInfo(uid),
    queryFn: ({ signal }) =>
      api.get('lastunitinfo', lastUnitInfoAnswerSchema, { uid }, signal).then((a) => a.unit),
    refetchInterval: 30_000,
  });

/** Named attributes (word keys: phones, GT06, Queclink) of a unit's latest report, not Teltonika's numbered IO. */
export const namedAttributes = (attributes: readonly UnitAttribute[]) => attributes.filter((a) => !/^\d+$/.test(a.id));

/**
 * The warning that the latest position was faked: the phone said its location came from a
 * mock-location app (Traccar Client `mock`), so where the vehicle seems to be may be made up.
 */
export function FakedLocationBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      color="orange.8"
      variant="filled"
      tt="none"
      radius="sm"
      leftSection={<IconAlertTriangle size={12} aria-hidden />}
      title={t('deviceReport.mockHint')}
      data-testid="mock-badge"
      role="status"
      // A warning must be read whole: never cut to "Faked…" in a narrow row.
      style={{ flex: 'none', alignSelf: 'flex-start', overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {t('deviceReport.mock')}
    </Badge>
  );
}

/** A report's attributes in words (describeIo on the server): "Battery 87 %", "Charging Yes", "Alarm SOS". */
export function AttributeList({ attributes, className }: { attributes: readonly UnitAttribute[]; className?: string }) {
  const fields: Field[] = attributes.map((a) => [a.name, a.text]);
  return <FieldList fields={fields} className={className} />;
}
