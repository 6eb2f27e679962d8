import { directionImage } from '@fleet/shared/rules/direction';
import { PTO_UNIT_TYPE } from '@fleet/shared/rules/vehicle-icon';
import { ASSET_UNIT_TYPE } from '@fleet/shared/rules/location-code';
import { NO_SPEED_TEXT_UNIT_TYPE } from '@fleet/shared/rules/vehicle-status';
import { Anchor, Button, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconBug, IconCurrentLocation, IconFocus2, IconHistory, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Field, FieldList } from '../../../shared/ui/field-list.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CommandsPanel } from '../../../shared/commands/commands-panel.tsx';
import { useLocationText } from '../../../shared/format/location-text.ts';
import { VehicleFaults } from '../../../shared/faults/vehicle-faults.tsx';
import { formatFullDate } from '../../../shared/format/time.ts';
import { activityPath, replayPath } from '../../../shared/routing/journey-links.ts';
import { debugPath } from '../../../shared/routing/unit-links.ts';
import { useSiteToday } from '../../../shared/site/site-time-zone.ts';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { unitTypesQuery } from '../../../shared/units/unit-types-query.ts';
import { lacksValidPosition } from '../../../shared/vehicles/position.ts';
import { StreetAddressField } from '../../../shared/vehicles/street-address.tsx';
import { vehicleState } from '../../../shared/vehicles/vehicle-states.ts';
import { useUnits } from '../../../shared/format/use-units.ts';
import { headingDegrees, positionText, registrationText } from '../../../shared/vehicles/vehicle-text.ts';
import { ServicePlanSection } from '../../admin/index.ts';
import { VehicleMessagesButton } from '../../messages/index.ts';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import { AlarmSection } from './alarm-section.tsx';
import { DeviceReport, FakedLocationNotice, useLatestReport } from './device-report.tsx';
import classes from './vehicle-details.module.css';
import { VehicleMarkerIcon } from './vehicle-marker-icon.tsx';
import { VehicleStatus } from './vehicle-status.tsx';

interface VehicleDetailsProps {
  vehicle: Vehicle;
  now: number;
  following: boolean;
  onFollow(follow: boolean): void;
  onShowOnMap(): void;
  onClose(): void;
  siteId: number;
  /** Administrators also see the diagnostics (the unit's debugger). */
  admin: boolean;
}

/**
 * Every field of one vehicle, with follow and show-on-map; an alarm with its cause and actions at the
 * top; for administrators, the diagnostics (a link to the unit's debugger).
 */
export function VehicleDetails({ vehicle: v, now, following, onFollow, onShowOnMap, onClose, siteId, admin }: VehicleDetailsProps) {
  const { t } = useTranslation();
  const locationText = useLocationText();
  const types = useQuery(unitTypesQuery);
  const state = vehicleState(v, now);
  const name = registrationText(v.registration, t('fleet.unnamed', { id: v.unitid }));
  const typeName = types.data?.find((x) => x.id === v.unittype)?.name ?? t('fleet.field.typeNumber', { type: v.unittype });
  const position = positionText(v);
  const hasPosition = position !== null;
  const heading = directionImage(v.direction, v.speed);
  const units = useUnits();
  const today = useSiteToday();
  const report = useLatestReport(v.unitid, v.updated);
  const none = <Text span c="gray.7" inherit>{t('fleet.field.none')}</Text>;
  // Free text from devices and people: at most three lines here, all of it on hover.
  const free = (text: string) =>
    text ? (
      <Text span inherit lineClamp={3} title={text.length > 60 ? text : undefined}>
        {text}
      </Text>
    ) : (
      none
    );
  const rows: Field[] = [
    [t('fleet.field.status'), <VehicleStatus key="s" vehicle={v} state={state} />],
    [t('fleet.field.driver'), free(v.drivername)],
    [t('fleet.field.type'), free(typeName)],
    ...(v.unittype === NO_SPEED_TEXT_UNIT_TYPE
      ? []
      : ([[t('fleet.field.speed'), units.speed(v.speed)]] as Field[])),
    [
      t('fleet.field.heading'),
      heading === 'idle'
        ? t('fleet.heading.idle')
        : t('fleet.field.headingValue', {
            heading: t(`fleet.heading.${heading}`),
            degrees: headingDegrees(v.direction),
          }),
    ],
    [t('fleet.field.ignition'), v.ign ? t('fleet.field.on') : t('fleet.field.off')],
    [
      t('fleet.field.updated'),
      v.updated ? (
        <span>
          <RelativeTime value={v.updated} now={new Date(now)} />
          <Text span size="xs" c="gray.7" display="block">
            {formatFullDate(v.updated)}
          </Text>
        </span>
      ) : (
        t('fleet.never')
      ),
    ],
    [t('fleet.field.location'), free(locationText(v.loc))],
    [t('fleet.field.address'), <StreetAddressField key="a" vehicle={v} />],
    [
      t('fleet.field.position'),
      position ?? (lacksValidPosition(v) ? t('fleet.noValidPosition') : t('fleet.field.noPosition')),
    ],
    ...(v.vehiclealarm ? [] : ([[t('fleet.field.alarm'), t('fleet.field.alarmOff')]] as Field[])),
    ...(v.unittype === PTO_UNIT_TYPE
      ? ([
          [t('fleet.field.pto1'), v.ptotrigger1 ? t('fleet.field.on') : t('fleet.field.off')],
          [t('fleet.field.pto2'), v.ptotrigger2 ? t('fleet.field.on') : t('fleet.field.off')],
        ] as Field[])
      : []),
    [t('fleet.field.unitId'), String(v.unitid)],
  ];

  return (
    <section className={classes.panel} aria-labelledby="vehicle-details-title" data-testid="vehicle-details">
      <Group gap="sm" wrap="nowrap" align="center" p="sm" className={classes.head}>
        <VehicleMarkerIcon vehicle={v} state={state} size={40} />
        <Title order={2} fz="h4" id="vehicle-details-title" style={{ flex: 1, minWidth: 0 }} lineClamp={1}>
          {name}
        </Title>
        <CloseButton onClick={onClose} aria-label={t('fleet.backToList')} title={t('fleet.backToList')} />
      </Group>
      <Group gap="xs" p="sm">
        <Button
          size="xs"
          variant={following ? 'filled' : 'default'}
          leftSection={<IconCurrentLocation size={14} aria-hidden />}
          onClick={() => onFollow(!following)}
          disabled={!hasPosition}
          aria-pressed={following}
        >
          {following ? t('fleet.stopFollowing') : t('fleet.follow')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFocus2 size={14} aria-hidden />}
          onClick={onShowOnMap}
          disabled={!hasPosition}
        >
          {t('fleet.showOnMap')}
        </Button>
        <VehicleMessagesButton uid={v.unitid} registration={name} />
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={activityPath({ unitid: v.unitid }, today)}
          leftSection={<IconHistory size={14} aria-hidden />}
          title={t('journeyLinks.historyOf', { vehicle: name })}
          data-testid="vehicle-history"
        >
          {t('journeyLinks.history')}
        </Button>
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={replayPath(v.unitid, today)}
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          title={t('journeyLinks.replayOf', { vehicle: name })}
          data-testid="vehicle-replay"
        >
          {t('journeyLinks.replay')}
        </Button>
      </Group>
      <FakedLocationNotice report={report} />
      {v.vehiclealarm && <AlarmSection siteId={siteId} unitId={v.unitid} vehicle={name} now={now} />}
      <FieldList fields={rows} ruled className={classes.fields} />
      <DeviceReport report={report} />
      {/* Issue 16: the vehicle's fault codes and the way to its engine page (asset trackers have no engine). */}
      {v.unittype !== ASSET_UNIT_TYPE && <VehicleFaults uid={v.unitid} compact />}
      <ServicePlanSection unitId={v.unitid} />
      <Stack p="sm" data-testid="vehicle-commands"><CommandsPanel uid={v.unitid} collapsible /></Stack>
      {admin && (
        <Stack p="sm" gap={4} component="section" aria-labelledby="vehicle-diagnostics-title" data-testid="vehicle-diagnostics">
          <Title order={3} fz="sm" id="vehicle-diagnostics-title">
            {t('fleet.diagnostics.title')}
          </Title>
          <Text size="xs" c="gray.7">
            {t('fleet.diagnostics.hint')}
          </Text>
          <Anchor component={Link} to={debugPath(v.unitid)} size="sm">
            <Group gap={6} wrap="nowrap">
              <IconBug size={16} aria-hidden />
              {t('fleet.debugVehicle', { registration: name })}
            </Group>
          </Anchor>
        </Stack>
      )}
    </section>
  );
}
