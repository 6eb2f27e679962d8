import { Button, Modal, Select, Stack } from '@mantine/core';
import { IconBuildingWarehouse, IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { companiesQuery } from '../api/tenancy-api.ts';
import { SiteList } from './site-list.tsx';

/** Header control for users with more than one site: customer, then site, then pick. */
export function SiteSwitcher() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [opened, setOpened] = useState(false);
  const companies = useQuery({ ...companiesQuery, enabled: Boolean(user), retry: false });
  const [companyId, setCompanyId] = useState<number | null>(null);

  const list = companies.data ?? [];
  const totalSites = list.reduce((n, c) => n + c.sites, 0);
  if (!user || totalSites <= 1) return null;

  const selected = companyId ?? user.customerid ?? list[0]?.companyid ?? null;
  return (
    <>
      <Button
        variant="default"
        size="compact-sm"
        leftSection={<IconBuildingWarehouse size={16} aria-hidden />}
        rightSection={<IconChevronDown size={14} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        maw={260}
      >
        {t('switcher.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('switcher.title')} size="md">
        <Stack gap="md">
          {list.length > 1 && (
            <Select
              label={t('switcher.customer')}
              placeholder={t('switcher.customerPlaceholder')}
              data={list.map((c) => ({ value: String(c.companyid), label: c.name }))}
              value={selected === null ? null : String(selected)}
              onChange={(v) => setCompanyId(v ? Number(v) : null)}
              searchable
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {selected !== null && <SiteList companyId={selected} onPicked={() => setOpened(false)} />}
        </Stack>
      </Modal>
    </>
  );
}
