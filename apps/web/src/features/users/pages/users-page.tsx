import { canChange, mayGrantRole, ROLE_NAMES, USER_LIST_ROLES, type UserRec, type Usertype } from '@fleet/shared';
import {
  Alert, Anchor, Badge, Button, Card, Checkbox, Group, Modal, MultiSelect, Pagination, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconMailForward, IconKey, IconPlus, IconSearch, IconTrash, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatFullDate, formatRelative } from '../../../shared/format/time.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import {
  type EditedUser, mySitesQuery, PAGE, useDeleteUser, userQuery, useSaveUser, userSessionsQuery, usersListQuery, useUserAction,
} from '../api/users-api.ts';

const BASE = '/tabs/tabs/config/users';

/** config/users[/:id[/:mode]] (administrators, issue 15): the current site's accounts. */
export default function UsersPage() {
  const { id, mode } = useParams();
  const siteId = useSessionUser()?.siteid ?? null;
  if (siteId === null) return <Text>{'Pick a site first.'}</Text>;
  if (id === undefined) return <UsersList siteId={siteId} />;
  const numeric = id === 'new' ? 0 : Number(id);
  return <UserEditor key={`${id}-${mode ?? ''}`} siteId={siteId} id={Number.isFinite(numeric) ? numeric : 0} view={mode === 'view'} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={BASE} size="sm">
      <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('users.back')}</Group>
    </Anchor>
  );
}

const when = (iso: unknown) => (typeof iso === 'string' && iso ? formatRelative(iso) : '—');

function UsersList({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery(usersListQuery(siteId, q, (page - 1) * PAGE));
  const records = (list.data?.records ?? []) as Array<Record<string, unknown>>;
  return (
    <Stack gap="sm" maw={1100}>
      <BackLinkToConfig />
      <PageHeader
        title={t('users.title')}
        count={list.data ? t('users.count', { count: list.data.total }) : undefined}
        description={t('users.description')}
        actions={list.data?.list.canEdit && (
          <Button component={Link} to={`${BASE}/new/add`} leftSection={<IconPlus size={16} aria-hidden />}>{t('users.add')}</Button>
        )}
      />
      <TextInput
        label={t('users.search')} leftSection={<IconSearch size={14} aria-hidden />} value={q} maw={360}
        onChange={(e) => { setQ(e.currentTarget.value); setPage(1); }}
      />
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && records.length === 0 && <Text c="dimmed" role="status">{t('users.none')}</Text>}
      {records.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label={t('users.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.name')}</Table.Th>
                <Table.Th>{t('users.email')}</Table.Th>
                <Table.Th>{t('users.role')}</Table.Th>
                <Table.Th>{t('users.lastSignIn')}</Table.Th>
                <Table.Th>{t('users.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((r) => (
                <Table.Tr key={String(r.id)}>
                  <Table.Td><Anchor component={Link} to={`${BASE}/${String(r.id)}/edit`}>{String(r.name)}</Anchor></Table.Td>
                  <Table.Td>{String(r.email)}</Table.Td>
                  <Table.Td>{String(r.role)}{r.tracksec ? <Badge ml={6} size="xs" variant="light">Tracksec</Badge> : null}</Table.Td>
                  <Table.Td>{when(r.lastsignin)}</Table.Td>
                  <Table.Td>
                    {r.disabled ? <Badge color="gray" variant="light">{t('users.disabled')}</Badge>
                      : r.mustchange ? <Badge color="orange" variant="light">{t('users.mustChange')}</Badge>
                      : <Badge color="teal" variant="light">{t('users.active')}</Badge>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.total > PAGE && (
        <Pagination total={Math.ceil(list.data.total / PAGE)} value={page} onChange={setPage} aria-label={t('users.pages')} />
      )}
    </Stack>
  );
}

function BackLinkToConfig() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/tabs/tabs/config" size="sm">
      <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('users.backToConfig')}</Group>
    </Anchor>
  );
}

const EMPTY: UserRec = { name: '', email: '', usertype: 2, sites: [], tracksec: false, disabled: false, mustchange: false };

function UserEditor({ siteId, id, view }: { siteId: number; id: number; view: boolean }) {
  const { t } = useTranslation();
  const record = useQuery({ ...userQuery(siteId, id), enabled: id > 0 });
  if (id > 0 && record.isError) return <Stack><BackLink /><ErrorState error={record.error} onRetry={() => void record.refetch()} /></Stack>;
  if (id > 0 && !record.data) return <Text role="status">{t('users.loading')}</Text>;
  return <UserForm siteId={siteId} id={id} initial={record.data ?? { ...EMPTY, id: 0, sites: [siteId] }} view={view} />;
}

function UserForm({ siteId, id, initial, view }: { siteId: number; id: number; initial: EditedUser; view: boolean }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const sites = useQuery(mySitesQuery);
  const save = useSaveUser();
  const remove = useDeleteUser();
  const action = useUserAction();
  const [rec, setRec] = useState<UserRec>({
    name: initial.name, email: initial.email, usertype: initial.usertype, sites: initial.sites,
    tracksec: initial.tracksec, disabled: initial.disabled, mustchange: initial.mustchange,
  });
  const [deleting, setDeleting] = useState(false);
  const self = me?.userid === id;
  const readOnly = view || !canChange(me?.usertype);
  // Nobody changes their own rights; roles above one's own are not offered; flags only when held.
  const roles = USER_LIST_ROLES.filter((r) => mayGrantRole(me?.usertype, r) || r === initial.usertype)
    .map((r) => ({ value: String(r), label: ROLE_NAMES[r as Usertype], disabled: !mayGrantRole(me?.usertype, r) }));
  const set = <K extends keyof UserRec>(k: K, v: UserRec[K]) => setRec((x) => ({ ...x, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id, rec }, {
      onSuccess: (a) => {
        notifications.show({ color: 'teal', message: id ? t('users.saved') : t('users.added') });
        void navigate(`${BASE}/${a.id}/edit`, { replace: true });
      },
    });
  };
  const run = (a: Parameters<typeof action.mutate>[0]) => action.mutate(a, {
    onSuccess: (r) => notifications.show({ color: 'teal', message: r.message ?? t('users.done') }),
    onError: (err) => notifications.show({ color: 'red', message: errorMessage(err) }),
  });

  return (
    <Stack gap="sm" maw={960}>
      <BackLink />
      <PageHeader
        title={id ? initial.name : t('users.addTitle')}
        description={id ? t('users.lastSignInWas', { when: initial.lastsignin ? formatFullDate(initial.lastsignin) : t('users.never') }) : t('users.addHint')}
      />
      <Card withBorder component="form" onSubmit={submit} aria-label={t('users.formLabel')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('users.name')} required value={rec.name} readOnly={readOnly} onChange={(e) => set('name', e.currentTarget.value)} />
            <TextInput label={t('users.email')} type="email" required value={rec.email} readOnly={readOnly} onChange={(e) => set('email', e.currentTarget.value)} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('users.role')} data={roles} value={String(rec.usertype)} allowDeselect={false} disabled={readOnly || self}
              description={self ? t('users.ownRights') : undefined}
              onChange={(v) => v !== null && set('usertype', Number(v) as UserRec['usertype'])}
            />
            <MultiSelect
              label={t('users.sites')} data={sites.data ?? rec.sites.map((s) => ({ value: String(s), label: `#${s}` }))}
              value={rec.sites.map(String)} disabled={readOnly || self || rec.usertype === 0} searchable
              description={rec.usertype === 0 ? t('users.superSites') : t('users.sitesHint')}
              onChange={(v) => set('sites', v.map(Number))}
            />
          </SimpleGrid>
          <Group gap="lg" wrap="wrap">
            <Checkbox label="Tracksec" checked={rec.tracksec} disabled={readOnly || self || (!me?.tracksec && !initial.tracksec)} onChange={(e) => set('tracksec', e.currentTarget.checked)} />
            <Checkbox label={t('users.mustChange')} checked={rec.mustchange} disabled={readOnly} onChange={(e) => set('mustchange', e.currentTarget.checked)} />
            <Switch label={t('users.disabledSwitch')} checked={rec.disabled} disabled={readOnly || self} onChange={(e) => set('disabled', e.currentTarget.checked)} />
          </Group>
          {save.isError && <Alert color="red" role="alert">{errorMessage(save.error)}</Alert>}
          {!readOnly && (
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={BASE}>{t('users.cancel')}</Button>
              <Button type="submit" loading={save.isPending}>{id ? t('users.save') : t('users.addButton')}</Button>
            </Group>
          )}
        </Stack>
      </Card>
      {id > 0 && !readOnly && !self && (
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600} component="h2" size="md">{t('users.accountTitle')}</Text>
            <Group gap="xs" wrap="wrap">
              <Button variant="light" leftSection={<IconMailForward size={16} aria-hidden />} loading={action.isPending && action.variables?.kind === 'welcome'} onClick={() => run({ kind: 'welcome', id })}>{t('users.welcome')}</Button>
              <Button variant="light" color="orange" leftSection={<IconKey size={16} aria-hidden />} loading={action.isPending && action.variables?.kind === 'reset'} onClick={() => run({ kind: 'reset', id })}>{t('users.reset')}</Button>
              <Button variant="subtle" color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>{t('users.delete')}</Button>
            </Group>
            <Text size="xs" c="dimmed">{t('users.accountHint')}</Text>
          </Stack>
        </Card>
      )}
      {id > 0 && <SessionsCard siteId={siteId} id={id} canRevoke={!readOnly} onRevoke={(sid) => run({ kind: 'revoke', id: sid })} />}
      <Modal opened={deleting} onClose={() => { setDeleting(false); remove.reset(); }} title={t('users.deleteTitle', { name: initial.name })}>
        <Stack>
          <Text>{t('users.deleteText')}</Text>
          {remove.isError && <Alert color="red" role="alert">{errorMessage(remove.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>{t('users.cancel')}</Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate(id, {
              onSuccess: (a) => { notifications.show({ color: 'teal', message: a.message ?? t('users.deleted') }); void navigate(BASE); },
            })}>{t('users.deleteYes')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function SessionsCard({ siteId, id, canRevoke, onRevoke }: { siteId: number; id: number; canRevoke: boolean; onRevoke(id: number): void }) {
  const { t } = useTranslation();
  const sessions = useQuery(userSessionsQuery(siteId, id));
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600} component="h2" size="md">{t('users.sessionsTitle')}</Text>
        {sessions.isError && <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />}
        {sessions.data?.sessions.length === 0 && <Text c="dimmed" size="sm">{t('users.noSessions')}</Text>}
        {sessions.data && sessions.data.sessions.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={t('users.sessionsTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.started')}</Table.Th>
                  <Table.Th>{t('users.lastSeen')}</Table.Th>
                  <Table.Th>{t('users.device')}</Table.Th>
                  <Table.Th>{t('users.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.sessions.slice(0, 20).map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{formatFullDate(s.started)}</Table.Td>
                    <Table.Td>{formatRelative(s.lastseen)}</Table.Td>
                    <Table.Td><Group gap={4} wrap="nowrap"><IconUserCircle size={14} aria-hidden /><Text size="sm" lineClamp={1} title={s.useragent}>{s.useragent || '—'}</Text></Group></Table.Td>
                    <Table.Td>
                      {s.current ? <Badge variant="light">{t('users.thisSession')}</Badge>
                        : s.live ? (canRevoke
                          ? <Button size="compact-xs" variant="light" color="red" onClick={() => onRevoke(s.id)} aria-label={t('users.revokeOf', { when: formatFullDate(s.started) })}>{t('users.revoke')}</Button>
                          : <Badge color="teal" variant="light">{t('users.live')}</Badge>)
                        : <Text size="sm" c="dimmed">{s.revokedreason ?? t('users.expired')}</Text>}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
