import { IO_GROUP_NAMES, type IoCatalogueRow } from '@fleet/shared';
import { ActionIcon, Button, Group, NativeSelect, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A catalogue row as typed: numbers may be '' while being written. */
export interface CatalogueFormRow {
  key: number;
  id: number | string;
  name: string;
  unit: string;
  scale: number | string;
  decimals: number | string;
  group?: IoCatalogueRow['group'];
}

let nextKey = 1;
export const toCatalogueForm = (rows: ReadonlyArray<Omit<IoCatalogueRow, 'group'> & { group?: string }>): CatalogueFormRow[] =>
  rows.map((r) => ({ key: nextKey++, id: r.id, name: r.name, unit: r.unit, scale: r.scale, decimals: r.decimals, group: r.group as IoCatalogueRow['group'] }));

/** The typed rows as the call's rows, or null when one is not valid (each id once, a name, a scale other than 0, 0-6 decimals). */
export function catalogueRowsOf(form: readonly CatalogueFormRow[]): IoCatalogueRow[] | null {
  const rows: IoCatalogueRow[] = [];
  const ids = new Set<number>();
  for (const r of form) {
    const id = Number(r.id);
    const scale = Number(r.scale);
    const decimals = Number(r.decimals);
    if (r.id === '' || !Number.isInteger(id) || id < 0 || id > 65_535 || ids.has(id)) return null;
    if (r.name.trim() === '' || r.scale === '' || !Number.isFinite(scale) || scale === 0 || Math.abs(scale) > 1_000_000) return null;
    if (r.decimals === '' || !Number.isInteger(decimals) || decimals < 0 || decimals > 6) return null;
    ids.add(id);
    rows.push({ id, name: r.name.trim(), unit: r.unit.trim(), scale, decimals, ...(r.group ? { group: r.group } : {}) });
  }
  return rows;
}

/** The unit type's IO catalogue rows (issue 16): id, name, unit, scale, decimals; add and remove. */
export function IoCatalogueEditor({ rows, onChange, readOnly, problem }: {
  rows: CatalogueFormRow[]; onChange(rows: CatalogueFormRow[]): void; readOnly: boolean; problem?: string;
}) {
  const { t } = useTranslation();
  const set = (key: number, patch: Partial<CatalogueFormRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" mb={4}>
        {t('engine.catalogue.title')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('engine.catalogue.help')}
      </Text>
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={2} withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={90}>{t('engine.catalogue.id')}</Table.Th>
                <Table.Th>{t('engine.catalogue.name')}</Table.Th>
                <Table.Th w={80}>{t('engine.catalogue.unit')}</Table.Th>
                <Table.Th w={90}>{t('engine.catalogue.scale')}</Table.Th>
                <Table.Th w={80}>{t('engine.catalogue.decimals')}</Table.Th>
                <Table.Th w={130}>{t('engine.catalogue.group')}</Table.Th>
                <Table.Th w={36} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr key={r.key} aria-label={t('engine.catalogue.rowLabel', { n: i + 1 })}>
                  <Table.Td>
                    <NumberInput size="xs" aria-label={t('engine.catalogue.cell', { column: t('engine.catalogue.id'), n: i + 1 })} value={r.id} onChange={(v) => set(r.key, { id: v })} min={0} max={65_535} allowDecimal={false} allowNegative={false} readOnly={readOnly} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={t('engine.catalogue.cell', { column: t('engine.catalogue.name'), n: i + 1 })} value={r.name} onChange={(e) => set(r.key, { name: e.currentTarget.value })} maxLength={60} readOnly={readOnly} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={t('engine.catalogue.cell', { column: t('engine.catalogue.unit'), n: i + 1 })} value={r.unit} onChange={(e) => set(r.key, { unit: e.currentTarget.value })} maxLength={12} readOnly={readOnly} />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput size="xs" aria-label={t('engine.catalogue.cell', { column: t('engine.catalogue.scale'), n: i + 1 })} value={r.scale} onChange={(v) => set(r.key, { scale: v })} decimalScale={6} readOnly={readOnly} hideControls />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput size="xs" aria-label={t('engine.catalogue.cell', { column: t('engine.catalogue.decimals'), n: i + 1 })} value={r.decimals} onChange={(v) => set(r.key, { decimals: v })} min={0} max={6} allowDecimal={false} allowNegative={false} readOnly={readOnly} />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      size="xs"
                      aria-label={t('engine.catalogue.cell', { column: t('engine.catalogue.group'), n: i + 1 })}
                      value={r.group ?? ''}
                      onChange={(e) => set(r.key, { group: (e.currentTarget.value || undefined) as CatalogueFormRow['group'] })}
                      data={[{ value: '', label: t('engine.catalogue.groupKept') }, ...IO_GROUP_NAMES.map((g) => ({ value: g, label: t(`engine.group.${g}`) }))]}
                      disabled={readOnly}
                    />
                  </Table.Td>
                  <Table.Td>
                    {!readOnly && (
                      <ActionIcon variant="subtle" color="red" onClick={() => onChange(rows.filter((x) => x.key !== r.key))} aria-label={t('engine.catalogue.remove', { id: r.id })}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      {!readOnly && (
        <Group mt={4}>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange([...rows, { key: nextKey++, id: '', name: '', unit: '', scale: 1, decimals: 0, group: 'engine' }])}>
            {t('engine.catalogue.add')}
          </Button>
        </Group>
      )}
    </fieldset>
  );
}
