import { CloseButton, Group, Paper, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { vehicleState } from '../../../shared/vehicles/vehicle-states.ts';
import { registrationText } from '../../../shared/vehicles/vehicle-text.ts';
import type { Vehicle } from '../hooks/vehicle-rows.ts';
import classes from './fleet-page.module.css';
import { VehicleMarkerIcon } from './vehicle-marker-icon.tsx';
import { VehicleStatus } from './vehicle-status.tsx';

interface CrowdPickerProps {
  x: number;
  y: number;
  vehicles: Vehicle[];
  now: number;
  onPick(unitId: number): void;
  onClose(): void;
}

const WIDTH = 280;

/** Vehicles that share one spot (a cluster no zoom can split), listed at the click to pick one. */
export function CrowdPicker({ x, y, vehicles, now, onPick, onClose }: CrowdPickerProps) {
  const { t } = useTranslation();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);

  return (
    <Paper
      className={classes.crowd}
      style={{ left: `clamp(8px, ${x - WIDTH / 2}px, calc(100% - ${WIDTH + 8}px))`, top: `clamp(8px, ${y + 12}px, calc(100% - 220px))`, width: WIDTH }}
      shadow="md"
      withBorder
      role="dialog"
      aria-label={t('fleet.crowd', { count: vehicles.length })}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <Group justify="space-between" px="sm" py={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('fleet.crowd', { count: vehicles.length })}
        </Text>
        <CloseButton size="sm" onClick={onClose} aria-label={t('fleet.closeCrowd')} />
      </Group>
      <ScrollArea.Autosize mah={200}>
        {vehicles.map((v, i) => (
          <UnstyledButton
            key={v.unitid}
            ref={i === 0 ? first : undefined}
            className={classes.crowdItem}
            onClick={() => onPick(v.unitid)}
          >
            <VehicleMarkerIcon vehicle={v} state={vehicleState(v, now)} size={26} />
            <Text size="sm" fw={600} style={{ flex: 1 }} truncate>
              {registrationText(v.registration, t('fleet.unnamed', { id: v.unitid }))}
            </Text>
            <VehicleStatus vehicle={v} state={vehicleState(v, now)} />
          </UnstyledButton>
        ))}
      </ScrollArea.Autosize>
    </Paper>
  );
}
