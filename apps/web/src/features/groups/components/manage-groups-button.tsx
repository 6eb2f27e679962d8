import { ActionIcon } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import type { ListedGroup } from './group-editor.tsx';
import { GroupManagerModal } from './group-manager-modal.tsx';

/** Beside the vehicle list's group selector: opens the group manager on the list of the site's groups. */
export function ManageGroupsButton({ groups, view }: { groups: ListedGroup[]; view: 'all' | number }) {
  const { t } = useTranslation();
  const siteId = useSessionUser()?.siteid ?? null;
  const [open, setOpen] = useState(false);
  if (siteId === null) return null;
  return (
    <>
      <ActionIcon
        variant="default"
        size={30}
        onClick={() => setOpen(true)}
        aria-label={t('groups.manageHint')}
        title={t('groups.manageHint')}
        aria-haspopup="dialog"
        style={{ flex: 'none' }}
      >
        <IconUsersGroup size={16} aria-hidden />
      </ActionIcon>
      {open && <GroupManagerModal siteId={siteId} groups={groups} shownId={view === 'all' ? null : view} onClose={() => setOpen(false)} />}
    </>
  );
}
