import { Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { sharedKeys } from '../../../shared/query-keys.ts';
import {
  AttributeList,
  FakedLocationBadge,
  type LastUnitInfo,
  lastUnitInfoQuery,
  namedAttributes,
} from '../../../shared/units/last-unit-info.tsx';

/** A vehicle's latest report (lastunitinfo), read again whenever the vehicle reports. */
export function useLatestReport(unitId: number, updated: string | null): LastUnitInfo | undefined {
  const queryClient = useQueryClient();
  const info = useQuery(lastUnitInfoQuery(unitId));
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: sharedKeys.lastUnitInfo(unitId) });
  }, [queryClient, unitId, updated]);
  return info.data;
}

/** The warning at the top of the details when the latest position was faked (a phone's mock location). */
export function FakedLocationNotice({ report }: { report: LastUnitInfo | undefined }) {
  const { t } = useTranslation();
  if (report?.mock !== 1) return null;
  return (
    <Stack gap={4} px="sm" pb="xs" align="flex-start">
      <FakedLocationBadge />
      <Text size="xs" c="gray.7">
        {t('deviceReport.mockHint')}
      </Text>
    </Stack>
  );
}

/**
 * What the latest report said beyond the position: the named attributes of phones and other
 * non-Teltonika devices in words (battery, charging, alarm, activity, faked location, ...).
 */
export function DeviceReport({ report }: { report: LastUnitInfo | undefined }) {
  const { t } = useTranslation();
  const named = report ? namedAttributes(report.attributes) : [];
  if (named.length === 0) return null;
  return (
    <Stack p="sm" gap={6} component="section" aria-labelledby="vehicle-report-title" data-testid="vehicle-report">
      <Title order={3} fz="sm" id="vehicle-report-title">
        {t('deviceReport.title')}
      </Title>
      <AttributeList attributes={named} />
    </Stack>
  );
}
