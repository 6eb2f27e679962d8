import {
  ActionIcon, Alert, Anchor, Button, Checkbox, Group, Modal, MultiSelect, NativeSelect, Pagination, Paper, Skeleton, Stack, Table, Text,
  TextInput, UnstyledButton, VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown, IconArrowLeft, IconArrowUp, IconArrowsSort, IconEye, IconPencil, IconPlus, IconSearch, IconSortAscending,
  IconSortDescending, IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../format/time.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { ErrorState, useErrorMessage } from '../ui/error-state.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { TableSkeleton } from '../ui/table-skeleton.tsx';
import { configListKeys, configListQuery, configRecordQuery, deleteConfigRecord, saveConfigRecord } from './config-list-api.ts';
import {
  addLine, cellText, checkValues, type ConfigListSpec, type FieldSpec, filterParam, filtersOf, type FormValues, moveLine,
  initialValues, recordAddress, removeLine, valuesFromRecord,
} from './config-list-form.ts';
import classes from './config-list-editor.module.css';

const updatedFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: DEFAULT_TIME_ZONE,
});
const cellDate = (iso: string) => updatedFormat.format(new Date(iso));

/** Records on one page of the list. */
export const CONFIG_PAGE_SIZE = 25;

export type SelectOption = { value: string; label: string };

export interface ConfigListEditorProps<Rec> {
  spec: ConfigListSpec<Rec>;
  /** Where the list is: config/<list>; a record is at <base>/<id>[/<mode>], a new one at <base>/new. */
  base: string;
  /** Where 'Back' goes from the list. */
  back: string;
  title: string;
  description: string;
  /** The record's name in sentences ('check list template'). */
  noun: string;
  /** '3 templates'. */
  countText(count: number): string;
  /** The record's own title from its values (the first text field unless told). */
  recordTitle?(record: Record<string, unknown>): string;
  /** The options of each select and multiselect field. */
  options: Record<string, SelectOption[] | undefined>;
  /** The id in the address: undefined for the list, 'new' (or 0) to add, else a record id. */
  idParam: string | undefined;
  /** The mode in the address (config/{list}/{id}/{mode}): add, edit or view; none: edit (view for a reader). */
  modeParam?: string;
  /** Caches other features keep of this list, made stale by a save or delete. */
  onChanged?(): void;
  /** Buttons beside Add on the list (export, import: another room fills it). */
  toolbar?: ReactNode;
  /** What the delete question says happens (default: the record is removed for everyone). */
  deleteText?: string;
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

function firstTextKey(fields: readonly FieldSpec[]): string {
  return fields.find((f) => f.kind === 'text')?.key ?? 'id';
}

/** The configuration list: server paging, sort by a column's header, search, filters; add, view, edit and delete (asks first). */
function ListView<Rec>(props: ConfigListEditorProps<Rec>) {
  const { t } = useTranslation();
  const { spec, base } = props;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort = params.get('sort') ?? undefined;
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const filters = filtersOf(params.get('filter'));
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, 300);
  const change = (next: Record<string, string | undefined>) => {
    setParams((old) => {
      const p = new URLSearchParams(old);
      for (const [k, v] of Object.entries(next)) {
        if (v === undefined || v === '') p.delete(k);
        else p.set(k, v);
      }
      return p;
    }, { replace: true });
  };
  useEffect(() => {
    if (debounced.trim() !== q) change({ q: debounced.trim(), page: undefined });
  }, [debounced]);
  const query = useQuery(configListQuery(spec.list, {
    q: q || undefined, sort, dir: sort ? dir : undefined, filter: filterParam(filters), offset: (pageNo - 1) * CONFIG_PAGE_SIZE, limit: CONFIG_PAGE_SIZE,
  }));
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const nameOf = (r: Record<string, unknown>) => props.recordTitle?.(r) ?? String(r[firstTextKey(spec.fields)] ?? r[query.data?.list.columns[0]?.key ?? 'id'] ?? r.id);
  const columns = query.data?.list.columns ?? [];
  const records = query.data?.records ?? [];
  const canEdit = query.data?.list.canEdit ?? false;
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CONFIG_PAGE_SIZE));
  const filterColumns = columns.filter((c) => c.filter);
  const narrowed = q !== '' || Object.keys(filters).length > 0;
  const sortBy = (key: string) => change({ sort: key, dir: sort === key && dir === 'asc' ? 'desc' : undefined, page: undefined });
  return (
    <Stack gap="sm" maw={1100}>
      <PageHeader
        title={props.title}
        count={query.data ? props.countText(total) : undefined}
        description={props.description}
        actions={
          <Group gap="xs">
            {props.toolbar}
            {canEdit && spec.canAdd !== false && (
              <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
                {t('vclOffice.editor.add', { noun: props.noun })}
              </Button>
            )}
          </Group>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('configLists.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', sm: 280 }}
          type="search"
        />
        {filterColumns.map((c) => (
          <NativeSelect
            key={c.key}
            label={c.label}
            value={filters[c.key] ?? ''}
            w={{ base: '100%', sm: 200 }}
            data={[{ value: '', label: t('configLists.all') }, ...(query.data?.filters[c.key] ?? [])]}
            onChange={(e) => change({ filter: filterParam({ ...filters, [c.key]: e.currentTarget.value }), page: undefined })}
          />
        ))}
      </Group>
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      <Paper withBorder radius="sm">
        {query.isPending && <TableSkeleton columns={[props.title]} label={props.title} rows={4} />}
        {query.data && records.length === 0 && (
          narrowed
            ? <EmptyState icon={<IconSearch size={22} />} title={t('configLists.noMatch')} hint={t('configLists.noMatchHint')} />
            : <EmptyState icon={<IconPlus size={22} />} title={t('vclOffice.editor.empty', { noun: props.noun })} hint={canEdit ? t('vclOffice.editor.emptyHint') : ''} />
        )}
        {records.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover aria-label={props.title} aria-busy={query.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => {
                    const sorted = sort === c.key;
                    const Icon = !sorted ? IconArrowsSort : dir === 'asc' ? IconSortAscending : IconSortDescending;
                    return (
                      <Table.Th key={c.key} aria-sort={sorted ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                        <UnstyledButton onClick={() => sortBy(c.key)} className={classes.sort} aria-label={t('configLists.sortBy', { column: c.label })}>
                          <Group gap={4} wrap="nowrap">
                            <Text fw={700} size="sm" className={classes.nowrap}>{c.label}</Text>
                            <Icon size={14} aria-hidden className={sorted ? undefined : classes.sortIdle} />
                          </Group>
                        </UnstyledButton>
                      </Table.Th>
                    );
                  })}
                  <Table.Th>
                    <VisuallyHidden>{t('vclOffice.editor.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((r) => {
                  const id = Number(r.id);
                  const name = nameOf(r);
                  return (
                    <Table.Tr key={id} className={classes.row} data-testid="config-row"
                      onClick={(e) => {
                        if ((e.target as HTMLElement).closest('a,button')) return;
                        void navigate(`${base}/${id}`);
                      }}>
                      {columns.map((c, i) => (
                        <Table.Td key={c.key}>
                          {i === 0 ? (
                            <Anchor component={Link} to={`${base}/${id}`} fw={600} size="sm" c="dark.8">
                              {cellText(r[c.key], cellDate, t('configLists.yes'), t('configLists.no'))}
                            </Anchor>
                          ) : (
                            cellText(r[c.key], cellDate, t('configLists.yes'), t('configLists.no'))
                          )}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right">
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon component={Link} to={`${base}/${id}/view`} variant="subtle" color="dark" size={36}
                            aria-label={t('configLists.viewOne', { name })}>
                            <IconEye size={18} aria-hidden />
                          </ActionIcon>
                          {canEdit && (
                            <>
                              <ActionIcon component={Link} to={`${base}/${id}/edit`} variant="subtle" color="dark" size={36}
                                aria-label={t('vclOffice.editor.editOne', { name })}>
                                <IconPencil size={18} aria-hidden />
                              </ActionIcon>
                              <ActionIcon variant="subtle" color="red.8" size={36} onClick={() => setDeleting({ id, name })}
                                aria-label={t('vclOffice.editor.deleteOne', { name })}>
                                <IconTrash size={18} aria-hidden />
                              </ActionIcon>
                            </>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {pages > 1 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dark.6">
            {t('configLists.showing', { from: (pageNo - 1) * CONFIG_PAGE_SIZE + 1, to: Math.min(total, pageNo * CONFIG_PAGE_SIZE), total })}
          </Text>
          <Pagination total={pages} value={Math.min(pageNo, pages)} onChange={(p) => change({ page: p === 1 ? undefined : String(p) })}
            getControlProps={(control) => ({ 'aria-label': t(`configLists.page.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('configLists.page.number', { page: p }) })} />
        </Group>
      )}
      <BackLink to={props.back} label={t('vclOffice.editor.backToConfig')} />
      <DeleteModal list={spec.list} target={deleting} noun={props.noun} text={props.deleteText} onClose={() => setDeleting(null)} onChanged={props.onChanged} />
    </Stack>
  );
}

/** Asks before deleting; a refusal (409: something still uses the record) is shown in the question, which stays open. */
function DeleteModal({ list, target, noun, text, onClose, onChanged, onDeleted }: {
  list: string; target: { id: number; name: string } | null; noun: string; text?: string; onClose(): void; onChanged?(): void; onDeleted?(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const remove = useMutation({
    mutationFn: (id: number) => deleteConfigRecord(list, id),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: configListKeys.list(list) });
      onChanged?.();
      notifications.show({ color: 'teal', message: answer.message ?? t('vclOffice.editor.deleted', { name: target?.name ?? '' }) });
      close();
      onDeleted?.();
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={target !== null} onClose={close} centered title={t('vclOffice.editor.deleteTitle', { name: target?.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('vclOffice.editor.close') }}>
      <Text size="sm">{text ?? t('configLists.deleteMessage', { noun })}</Text>
      {remove.isError && (
        <Alert color="red" variant="light" role="alert" mt="sm" title={t('configLists.notDeleted')} data-testid="config-delete-refusal">
          {errorMessage(remove.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={close} data-autofocus disabled={remove.isPending} mih={44}>
          {remove.isError ? t('vclOffice.editor.close') : t('vclOffice.editor.cancel')}
        </Button>
        {!remove.isError && (
          <Button color="red.8" mih={44} loading={remove.isPending} onClick={() => target && remove.mutate(target.id)}>
            {t('vclOffice.editor.deleteConfirm')}
          </Button>
        )}
      </Group>
    </Modal>
  );
}

/** One lines field: each line its own input with move up, move down and remove; add at the end. */
function LinesField({ field, lines, errors, onChange, disabled }: {
  field: Extract<FieldSpec, { kind: 'lines' }>; lines: string[]; errors: Record<string, string>; onChange(next: string[]): void; disabled?: boolean;
}) {
  const { t } = useTranslation();
  const listError = errors[field.key];
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={listError ? `${field.key}-error` : undefined} disabled={disabled}>
      <Group justify="space-between" mb={6}>
        <Text component="legend" fw={600} size="sm">
          {field.label}
        </Text>
        <Text size="xs" c="dark.6">
          {t('vclOffice.editor.linesCount', { count: lines.length, max: field.max })}
        </Text>
      </Group>
      {field.hint && <Text size="xs" c="dark.6" mb={6}>{field.hint}</Text>}
      {listError && (
        <Text size="sm" c="red.8" id={`${field.key}-error`} role="alert" mb={6}>
          {listError}
        </Text>
      )}
      <Stack component="ol" gap={6} className={classes.lines}>
        {lines.map((line, i) => {
          const label = t('vclOffice.editor.lineLabel', { label: field.itemLabel, n: i + 1 });
          return (
            // Keyed by position: a line is its place in the list; its text changes as it is typed.
            <Group component="li" key={i} gap={6} align="flex-start" wrap="nowrap" data-testid="config-line">
              <Text size="sm" className={classes.lineNo} aria-hidden>
                {i + 1}.
              </Text>
              <TextInput
                aria-label={label}
                value={line}
                maxLength={field.itemMax + 20}
                error={errors[`${field.key}.${i}`]}
                onChange={(e) => onChange(lines.map((l, j) => (j === i ? e.currentTarget.value : l)))}
                style={{ flex: 1 }}
              />
              <ActionIcon variant="default" size={36} disabled={i === 0} aria-label={t('vclOffice.editor.moveUp', { label })}
                onClick={() => onChange([...moveLine(lines, i, -1)])}>
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="default" size={36} disabled={i === lines.length - 1} aria-label={t('vclOffice.editor.moveDown', { label })}
                onClick={() => onChange([...moveLine(lines, i, 1)])}>
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="default" color="red.8" size={36} aria-label={t('vclOffice.editor.remove', { label })}
                onClick={() => onChange(removeLine(lines, i))}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
      <Button variant="light" mt="xs" leftSection={<IconPlus size={16} aria-hidden />} disabled={lines.length >= field.max}
        onClick={() => onChange([...addLine(lines, field.max)])}>
        {field.addLabel}
      </Button>
    </fieldset>
  );
}

/** One field of the form, by its kind. */
function Field({ f, value, errors, options, locked, set }: {
  f: FieldSpec; value: string | string[] | null; errors: Record<string, string>; options: SelectOption[]; locked: boolean;
  set(v: string | string[] | null): void;
}) {
  const { t } = useTranslation();
  const error = errors[f.key];
  const common = { label: f.label, description: f.hint ?? (locked ? t('configLists.locked') : undefined), error, disabled: locked };
  switch (f.kind) {
    case 'text':
      return <TextInput {...common} value={(value as string) ?? ''} maxLength={f.max + 20} onChange={(e) => set(e.currentTarget.value)} maw={480} withAsterisk={!f.optional} />;
    case 'number':
      return (
        <TextInput {...common} value={(value as string) ?? ''} inputMode="decimal" maw={240} onChange={(e) => set(e.currentTarget.value)} />
      );
    case 'date':
      return <TextInput {...common} type="date" value={(value as string) ?? ''} maw={240} onChange={(e) => set(e.currentTarget.value)} />;
    case 'checkbox':
      return <Checkbox label={f.label} description={f.hint} error={error} disabled={locked} checked={value === '1'} onChange={(e) => set(e.currentTarget.checked ? '1' : '')} />;
    case 'select': {
      const data = [...(f.noneLabel !== undefined || value === null ? [{ value: '', label: f.noneLabel ?? t('configLists.choose') }] : []), ...options];
      return <NativeSelect {...common} data={data} value={(value as string | null) ?? ''} maw={360} onChange={(e) => set(e.currentTarget.value || null)} />;
    }
    case 'multiselect':
      return (
        <MultiSelect {...common} data={options} value={(value as string[]) ?? []} onChange={set} searchable clearable maw={640}
          nothingFoundMessage={t('configLists.noMatch')} hidePickedOptions />
      );
    case 'lines':
      return <LinesField field={f} lines={(value as string[]) ?? []} errors={errors} onChange={set} disabled={locked} />;
  }
}

/** The add or edit form, drawn from the list's fields and checked with its record schema before it is sent. */
function RecordForm<Rec>({ props, id, initial, base }: {
  props: ConfigListEditorProps<Rec>; id: number; initial: FormValues; base?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const { spec } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (rec: Rec) => saveConfigRecord(spec.list, id, rec as Record<string, unknown>),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: configListKeys.all() });
      props.onChanged?.();
      notifications.show({ color: 'teal', message: t('vclOffice.editor.saved', { noun: props.noun }) });
      void navigate(props.base);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkValues(spec, values, base);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.rec);
  };
  const errorCount = Object.keys(errors).length;
  return (
    <form onSubmit={submit} noValidate aria-label={id === 0 ? t('vclOffice.editor.add', { noun: props.noun }) : t('vclOffice.editor.edit', { noun: props.noun })}>
      <Stack gap="md">
        {errorCount > 0 && (
          <Alert color="red" variant="light" role="alert" title={t('vclOffice.editor.fix', { count: errorCount })}>
            {t('vclOffice.editor.fixHint')}
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title={t('vclOffice.editor.notSaved')}>
            {errorMessage(save.error)}
          </Alert>
        )}
        {spec.fields.filter((f) => !f.when || f.when(values)).map((f) => (
          <Field key={f.key} f={f} value={values[f.key] ?? null} errors={errors} options={props.options[f.key] ?? []}
            locked={id !== 0 && f.lockedOnEdit === true} set={(v) => setValues((old) => ({ ...old, [f.key]: v }))} />
        ))}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} mih={40}>
            {t('vclOffice.editor.save')}
          </Button>
          <Button component={Link} to={props.base} variant="default" mih={40}>
            {t('vclOffice.editor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A field's value in words, for the view mode. */
function shownValue(f: FieldSpec, value: string | string[] | null, options: SelectOption[], yes: string, no: string): ReactNode {
  const label = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  if (f.kind === 'checkbox') return value === '1' ? yes : no;
  if (f.kind === 'select') return value ? label(value as string) : (f.noneLabel ?? '–');
  if (f.kind === 'multiselect' || f.kind === 'lines') {
    const list = ((value as string[]) ?? []).filter((v) => v !== '');
    if (list.length === 0) return '–';
    return (
      <Stack component="ul" gap={2} className={classes.viewList}>
        {list.map((v, i) => <li key={i}>{f.kind === 'multiselect' ? label(v) : v}</li>)}
      </Stack>
    );
  }
  return typeof value === 'string' && value !== '' ? value : '–';
}

/** view mode: the record read-only, with Edit and Delete for those who may change it. */
function RecordReadOnly<Rec>({ props, id, record, canEdit, title }: {
  props: ConfigListEditorProps<Rec>; id: number; record: Record<string, unknown>; canEdit: boolean; title: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const values = valuesFromRecord(props.spec.fields, record);
  return (
    <Stack gap="md">
      <Table variant="vertical" layout="fixed" withTableBorder={false} aria-label={title}>
        <Table.Tbody>
          {props.spec.fields.filter((f) => !f.when || f.when(values)).map((f) => (
            <Table.Tr key={f.key}>
              <Table.Th w={{ base: 120, sm: 220 }}>{f.label}</Table.Th>
              <Table.Td data-testid={`config-view-${f.key}`}>
                {shownValue(f, values[f.key] ?? null, props.options[f.key] ?? [], t('configLists.yes'), t('configLists.no'))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canEdit && (
        <Group gap="sm">
          <Button component={Link} to={`${props.base}/${id}/edit`} leftSection={<IconPencil size={16} aria-hidden />} mih={40}>
            {t('configLists.edit')}
          </Button>
          <Button variant="default" color="red.8" c="red.8" leftSection={<IconTrash size={16} aria-hidden />} mih={40} onClick={() => setDeleting(true)}>
            {t('configLists.delete')}
          </Button>
        </Group>
      )}
      <DeleteModal list={props.spec.list} target={deleting ? { id, name: title } : null} noun={props.noun} text={props.deleteText} onClose={() => setDeleting(false)}
        onChanged={props.onChanged} onDeleted={() => void navigate(props.base)} />
    </Stack>
  );
}

function RecordView<Rec>({ props, id, mode, canEdit }: { props: ConfigListEditorProps<Rec>; id: number; mode: 'add' | 'edit' | 'view'; canEdit: boolean }) {
  const { t } = useTranslation();
  const query = useQuery({ ...configRecordQuery(props.spec.list, id), enabled: id > 0 });
  const named = query.data ? (props.recordTitle?.(query.data) ?? String(query.data[firstTextKey(props.spec.fields)] ?? props.noun)) : '';
  const title = mode === 'add'
    ? t('vclOffice.editor.add', { noun: props.noun })
    : !query.data
      ? (mode === 'edit' ? t('vclOffice.editor.edit', { noun: props.noun }) : props.title)
      : mode === 'edit' ? t('vclOffice.editor.editNamed', { name: named }) : named;
  return (
    <Stack gap="sm" maw={820}>
      <PageHeader title={title} description={props.title} actions={<BackLink to={props.base} label={t('vclOffice.editor.backToList', { list: props.title })} />} />
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      <Paper withBorder p="md">
        {mode === 'add' ? (
          <RecordForm props={props} id={0} initial={initialValues(props.spec.fields)} />
        ) : query.data ? (
          mode === 'edit'
            ? <RecordForm key={query.dataUpdatedAt} props={props} id={id} initial={valuesFromRecord(props.spec.fields, query.data)} base={query.data} />
            : <RecordReadOnly props={props} id={id} record={query.data} canEdit={canEdit} title={named} />
        ) : (
          !query.isError && <Skeleton height={240} aria-label={t('vclOffice.editor.loading')} />
        )}
      </Paper>
    </Stack>
  );
}

/** config/<list>[/<id>[/<mode>]|/new]: a configuration list, one record's view, and its add/edit form, declared by `spec`. */
export function ConfigListEditor<Rec>(props: ConfigListEditorProps<Rec>) {
  const { t } = useTranslation();
  const { idParam, modeParam } = props;
  // Whether the caller may change the list: the list's own answer says (one record asked for).
  const rights = useQuery({ ...configListQuery(props.spec.list, { limit: 1 }), enabled: idParam !== undefined });
  if (idParam === undefined) return <ListView {...props} />;
  if (rights.isError) return <ErrorState error={rights.error} onRetry={() => void rights.refetch()} />;
  if (!rights.data) return <Skeleton height={240} aria-label={t('vclOffice.editor.loading')} />;
  const canEdit = rights.data.list.canEdit;
  const at = recordAddress(idParam, modeParam, canEdit);
  if (at === null || (at.mode === 'add' && (!canEdit || props.spec.canAdd === false))) {
    return (
      <Stack gap="sm" maw={720}>
        <PageHeader title={props.title} />
        <Paper withBorder p="md" role="alert">
          <Text size="sm">{at === null ? t('vclOffice.editor.badId', { id: [idParam, modeParam].filter(Boolean).join('/') }) : t('configLists.readOnly')}</Text>
        </Paper>
        <BackLink to={props.base} label={t('vclOffice.editor.backToList', { list: props.title })} />
      </Stack>
    );
  }
  return <RecordView key={`${at.id}-${at.mode}`} props={props} id={at.id} mode={at.mode} canEdit={canEdit} />;
}
