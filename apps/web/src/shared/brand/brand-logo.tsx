import type { PublicBrand } from '@fleet/shared';
import { Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The host's logo (a wordmark) at a fixed height, so nothing shifts while it loads. */
export function BrandLogo({ brand, height }: { brand: PublicBrand | undefined; height: number }) {
  const { t } = useTranslation();
  if (!brand) return <div style={{ height, width: height }} aria-hidden />;
  // Brand logos are wordmarks; a brand without one shows its name instead.
  if (!brand.logoUrl) {
    return (
      <Text fw={700} fz={height * 0.6} lh={`${height}px`} data-testid="brand-logo">
        {brand.name}
      </Text>
    );
  }
  return (
    <Image
      src={brand.logoUrl}
      alt={t('brand.logoAlt', { name: brand.name })}
      h={height}
      w="auto"
      fit="contain"
      data-testid="brand-logo"
    />
  );
}
