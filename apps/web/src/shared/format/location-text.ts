import { type LocationCode, locationDisplay } from '@fleet/shared/rules/location-code';
import { useTranslation } from 'react-i18next';

/**
 * Spec 4: a vehicle's loc may start with a location code; people read the code's name
 * ('Asset Movement · At Leeds depot'), never the prefix itself.
 */
export function useLocationText(): (loc: string | null | undefined) => string {
  const { t } = useTranslation();
  const names: Record<LocationCode, string> = {
    movementEnded: t('location.code.movementEnded'),
    assetPing: t('location.code.assetPing'),
    assetMovement: t('location.code.assetMovement'),
  };
  return (loc) => locationDisplay(loc, names);
}
