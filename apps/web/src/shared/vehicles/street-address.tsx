import { vehicleAddressAnswerSchema } from '@fleet/shared';
import { Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/api.ts';
import { sharedKeys } from '../query-keys.ts';
import { vehiclePosition } from './position.ts';

/**
 * The street address of the selected vehicle, asked for only while it is shown and again only
 * when it has moved about 100 m (never per live update of every vehicle: docs/decisions.md).
 */
export function useVehicleAddress(vehicle: { unitid: number; lat: unknown; lon: unknown }) {
  const position = vehiclePosition(vehicle);
  const at = position ? `${position[1].toFixed(3)},${position[0].toFixed(3)}` : 'none';
  return useQuery({
    queryKey: sharedKeys.vehicleAddress(vehicle.unitid, at),
    queryFn: ({ signal }) => api.get('vehicleaddress', vehicleAddressAnswerSchema, { unitid: vehicle.unitid }, signal),
    enabled: position !== null,
    staleTime: 10 * 60_000,
    gcTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** The address line of the vehicle card: the street address when a geocoder is configured, else nothing. */
export function StreetAddressLine({ vehicle }: { vehicle: { unitid: number; lat: unknown; lon: unknown } }) {
  const { data } = useVehicleAddress(vehicle);
  if (!data?.configured || !data.address) return null;
  return (
    <Text size="xs" c="gray.8" mt={2} truncate title={data.address} data-testid="street-address">
      {data.address}
    </Text>
  );
}

/** The vehicle details' address field: the street address, or plainly why there is none. */
export function StreetAddressField({ vehicle }: { vehicle: { unitid: number; lat: unknown; lon: unknown } }) {
  const { t } = useTranslation();
  const query = useVehicleAddress(vehicle);
  const data = query.data;
  const text =
    vehiclePosition(vehicle) === null
      ? t('fleet.field.none')
      : query.isError
        ? t('fleet.address.failed', { reason: query.error.message })
        : !data
          ? t('fleet.address.loading')
          : !data.configured
            ? t('fleet.address.notConfigured')
            : (data.address ?? t('fleet.address.none'));
  const found = data?.configured === true && data.address !== null && !query.isError;
  return (
    <Text span inherit c={found ? undefined : 'gray.7'} title={data?.note ?? undefined} data-testid="street-address">
      {text}
    </Text>
  );
}
