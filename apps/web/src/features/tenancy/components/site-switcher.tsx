import { Modal, Stack, Select, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { companiesQuery } from '../api/tenancy-api.ts';
import classes from './site-switcher.module.css';
import { SiteList } from './site-list.tsx';

/**
 * The header's site name. For users with more than one site it is the switcher itself: a button with
 * the site's full name (wrapping to a second line on a phone rather than cut to "Lee…") that opens the
 * customer-then-site picker; for everyone else it is the plain name.
 */
export function SiteSwitcher() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [opened, setOpened] = useState(false);
  const companies = useQuery({ ...companiesQuery, enabled: Boolean(user), retry: false });
  const [companyId, setCompanyId] = useState<number | null>(null);
  if (!user) return null;

  const siteName = user.sitename || t('shell.noSite');
  const name = (
    <Text component="span" size="sm" c="dark.6" className={classes.name} data-testid="site-name" title={siteName}>
      {user.sitename}
    </Text>
  );
  const list = companies.data ?? [];
  const totalSites = list.reduce((n, c) => n + c.sites, 0);
  if (totalSites <= 1) return name;

  const selected = companyId ?? user.customerid ?? list[0]?.companyid ?? null;
  return (
    <>
      <UnstyledButton
        className={classes.button}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        aria-label={t('switcher.buttonFor', { site: siteName })}
        data-testid="site-switcher"
      >
        {name}
        <IconChevronDown size={16} aria-hidden className={classes.chevron} />
      </UnstyledButton>
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
