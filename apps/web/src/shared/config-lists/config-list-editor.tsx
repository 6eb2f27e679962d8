import {
  ActionIcon, Alert, Anchor, Button, Group, Modal, NativeSelect, Paper, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowLeft, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../format/time.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { ErrorState, useErrorMessage } from '../ui/error-state.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { TableSkeleton } from '../ui/table-skeleton.tsx';
import { configListKeys, configListQuery, configRecordQuery, deleteConfigRecord, saveConfigRecord } from './config-list-api.ts';
import {
  addLine, cellText, checkValues, type ConfigListSpec, emptyValues, type FieldSpec, type FormValues, moveLine, removeLine, valuesFromRecord,
} from './config-list-form.ts';
import classes from './config-list-editor.module.css';

const updatedFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: DEFAULT_TIME_ZONE,
});
const cellDate = (iso: string) => updatedFormat.format(new Date(iso));

export type SelectOption = { value: string; label: string };

export interface ConfigListEditorProps<Rec> {
  spec: ConfigListSpec<Rec>;
  /** Where the list is: config/<list>; a record is at <base>/<id>, a new one at <base>/new. */
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
  /** The options of each select field. */
  options: Record<string, SelectOption[] | undefined>;
  /** The id in the address: undefined for the list, 'new' to add, else a record id. */
  idParam: string | undefined;
  /** Caches other features keep of this list, made stale by a save or delete. */
  onChanged?(): void;
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

/** The configuration list: its columns as the server names them, add, edit and delete (asks first). */
function ListView<Rec>(props: ConfigListEditorProps<Rec>) {
  const { t } = useTranslation();
  const { spec, base } = props;
  const navigate = useNavigate();
  const query = useQuery(configListQuery(spec.list));
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const nameOf = (r: Record<string, unknown>) => props.recordTitle?.(r) ?? String(r[firstTextKey(spec.fields)] ?? r.id);
  const columns = query.data?.list.columns ?? [];
  const records = query.data?.records ?? [];
  return (
    <Stack gap="sm" maw={1100}>
      <PageHeader
        title={props.title}
        count={query.data ? props.countText(records.length) : undefined}
        description={props.description}
        actions={
          <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('vclOffice.editor.add', { noun: props.noun })}
          </Button>
        }
      />
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      <Paper withBorder radius="sm">
        {query.isPending && <TableSkeleton columns={[props.title]} label={props.title} rows={4} />}
        {query.data && records.length === 0 && (
          <EmptyState icon={<IconPlus size={22} />} title={t('vclOffice.editor.empty', { noun: props.noun })} hint={t('vclOffice.editor.emptyHint')} />
        )}
        {records.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover aria-label={props.title}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.key}>{c.label}</Table.Th>
                  ))}
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
                              {cellText(r[c.key], cellDate)}
                            </Anchor>
                          ) : (
                            cellText(r[c.key], cellDate)
                          )}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right">
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon component={Link} to={`${base}/${id}`} variant="subtle" color="dark" size={36}
                            aria-label={t('vclOffice.editor.editOne', { name })}>
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red.8" size={36} onClick={() => setDeleting({ id, name })}
                            aria-label={t('vclOffice.editor.deleteOne', { name })}>
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
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
      <BackLink to={props.back} label={t('vclOffice.editor.backToConfig')} />
      <DeleteModal list={spec.list} target={deleting} noun={props.noun} onClose={() => setDeleting(null)} onChanged={props.onChanged} />
    </Stack>
  );
}

function DeleteModal({ list, target, noun, onClose, onChanged }: {
  list: string; target: { id: number; name: string } | null; noun: string; onClose(): void; onChanged?(): void;
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
      onClose();
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  return (
    <Modal opened={target !== null} onClose={onClose} centered title={t('vclOffice.editor.deleteTitle', { name: target?.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('vclOffice.editor.close') }}>
      <Text size="sm">{t('vclOffice.editor.deleteMessage', { noun })}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus disabled={remove.isPending} mih={44}>
          {t('vclOffice.editor.cancel')}
        </Button>
        <Button color="red.8" mih={44} loading={remove.isPending} onClick={() => target && remove.mutate(target.id)}>
          {t('vclOffice.editor.deleteConfirm')}
        </Button>
      </Group>
    </Modal>
  );
}

/** One lines field: each line its own input with move up, move down and remove; add at the end. */
function LinesField({ field, lines, errors, onChange }: {
  field: Extract<FieldSpec, { kind: 'lines' }>; lines: string[]; errors: Record<string, string>; onChange(next: string[]): void;
}) {
  const { t } = useTranslation();
  const listError = errors[field.key];
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={listError ? `${field.key}-error` : undefined}>
      <Group justify="space-between" mb={6}>
        <Text component="legend" fw={600} size="sm">
          {field.label}
        </Text>
        <Text size="xs" c="dark.6">
          {t('vclOffice.editor.linesCount', { count: lines.length, max: field.max })}
        </Text>
      </Group>
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

/** The add or edit form, drawn from the list's fields and checked with its record schema before it is sent. */
function RecordForm<Rec>({ props, id, initial }: { props: ConfigListEditorProps<Rec>; id: number; initial: FormValues }) {
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
  const set = (key: string, v: string | string[] | null) => {
    setValues((old) => ({ ...old, [key]: v }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkValues(spec, values);
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
        {spec.fields.map((f) => {
          if (f.kind === 'text') {
            return (
              <TextInput key={f.key} label={f.label} value={(values[f.key] as string) ?? ''} error={errors[f.key]} maxLength={f.max + 20}
                onChange={(e) => set(f.key, e.currentTarget.value)} maw={480} withAsterisk />
            );
          }
          if (f.kind === 'select') {
            const data = [{ value: '', label: f.noneLabel }, ...(props.options[f.key] ?? [])];
            return (
              <NativeSelect key={f.key} label={f.label} data={data} value={(values[f.key] as string | null) ?? ''} error={errors[f.key]}
                onChange={(e) => set(f.key, e.currentTarget.value || null)} maw={320} />
            );
          }
          return (
            <LinesField key={f.key} field={f} lines={(values[f.key] as string[]) ?? []} errors={errors} onChange={(next) => set(f.key, next)} />
          );
        })}
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

function RecordView<Rec>({ props, id }: { props: ConfigListEditorProps<Rec>; id: number }) {
  const { t } = useTranslation();
  const query = useQuery({ ...configRecordQuery(props.spec.list, id), enabled: id > 0 });
  const adding = id === 0;
  const title = adding
    ? t('vclOffice.editor.add', { noun: props.noun })
    : query.data
      ? t('vclOffice.editor.editNamed', { name: props.recordTitle?.(query.data) ?? String(query.data[firstTextKey(props.spec.fields)] ?? id) })
      : t('vclOffice.editor.edit', { noun: props.noun });
  return (
    <Stack gap="sm" maw={820}>
      <PageHeader title={title} description={props.title} actions={<BackLink to={props.base} label={t('vclOffice.editor.backToList', { list: props.title })} />} />
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      <Paper withBorder p="md">
        {adding ? (
          <RecordForm props={props} id={0} initial={emptyValues(props.spec.fields)} />
        ) : query.data ? (
          <RecordForm key={query.dataUpdatedAt} props={props} id={id} initial={valuesFromRecord(props.spec.fields, query.data)} />
        ) : (
          !query.isError && <Skeleton height={240} aria-label={t('vclOffice.editor.loading')} />
        )}
      </Paper>
    </Stack>
  );
}

/** config/<list>[/<id>|/new]: a configuration list and its add/edit form, declared by `spec`. */
export function ConfigListEditor<Rec>(props: ConfigListEditorProps<Rec>) {
  const { t } = useTranslation();
  const { idParam } = props;
  if (idParam === undefined) return <ListView {...props} />;
  const id = idParam === 'new' ? 0 : /^[1-9]\d{0,9}$/.test(idParam) ? Number(idParam) : null;
  if (id === null) {
    return (
      <Stack gap="sm" maw={720}>
        <PageHeader title={props.title} />
        <Paper withBorder p="md" role="alert">
          <Text size="sm">{t('vclOffice.editor.badId', { id: idParam })}</Text>
        </Paper>
        <BackLink to={props.base} label={t('vclOffice.editor.backToList', { list: props.title })} />
      </Stack>
    );
  }
  return <RecordView key={id} props={props} id={id} />;
}
