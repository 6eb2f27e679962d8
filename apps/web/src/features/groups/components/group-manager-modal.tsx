import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupEditor, type ListedGroup } from './group-editor.tsx';
import { GroupsList } from './groups-list.tsx';

interface GroupManagerModalProps {
  siteId: number;
  /** The groups the site lists (those holding vehicles). */
  groups: ListedGroup[];
  /** The group the fleet page shows (marked in the list), or null for all vehicles. */
  shownId: number | null;
  onClose(): void;
}

type View = { kind: 'list' } | { kind: 'edit'; group: ListedGroup | null };

/** The group manager: opens on the list of the site's groups; New group and Edit open the editor in place. */
export function GroupManagerModal({ siteId, groups, shownId, onClose }: GroupManagerModalProps) {
  const { t } = useTranslation();
  // A phone gets the whole screen: the checklist is the point of the dialog.
  const phone = useMediaQuery('(max-width: 36em)');
  const [view, setView] = useState<View>({ kind: 'list' });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('groups.title')}
      size="lg"
      fullScreen={phone}
      transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': t('groups.close') }}
    >
      {view.kind === 'list' ? (
        <GroupsList
          siteId={siteId}
          groups={groups}
          shownId={shownId}
          onNew={() => setView({ kind: 'edit', group: null })}
          onEdit={(group) => setView({ kind: 'edit', group })}
        />
      ) : (
        <GroupEditor
          key={view.group?.id ?? 'new'}
          siteId={siteId}
          groups={groups}
          editing={view.group}
          onBack={() => setView({ kind: 'list' })}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
