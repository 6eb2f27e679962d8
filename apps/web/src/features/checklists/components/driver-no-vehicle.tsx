import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { driverPaths } from '../model/driver-paths.ts';
import { DriverFrame } from './driver-frame.tsx';
import classes from './driver.module.css';

/** A driver page before a vehicle is picked: says so, with the way to pick one (and what follows, e.g. the waiting list). */
export function DriverNoVehicle({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <DriverFrame title={title}>
      <Stack>
        <Alert color="gray" variant="outline">
          <Stack gap="sm">
            <Text>{t('checklist.noVehicle')}</Text>
            <Button component={Link} to={driverPaths.vehicleSelection} className={classes.bigButton}>
              {t('checklist.chooseVehicle')}
            </Button>
          </Stack>
        </Alert>
        {children}
      </Stack>
    </DriverFrame>
  );
}
