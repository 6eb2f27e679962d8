import type { SearchHit } from '@fleet/shared';
import { Badge, Group, Paper, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../shared/ui/error-state.tsx';
import { searchQuery } from '../../api/estate-api.ts';

const KIND_COLOUR: Record<SearchHit['kind'], string> = { customer: 'violet', site: 'blue', unit: 'teal', user: 'gray' };

/**
 * searchsite: customers, sites, units (registration or device id) and users the caller may see,
 * as they type; choosing a hit with a customer opens it (`onOpen`, when given).
 */
export function EstateSearch({ onOpen }: { onOpen?: (cid: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [w] = useDebouncedValue(text.trim(), 250);
  const query = useQuery({ ...searchQuery(w), enabled: w.length >= 2 });
  return (
    <Stack gap={6}>
      <TextInput
        label={t('estate.search')}
        placeholder={t('estate.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        type="search"
        maxLength={80}
      />
      {w.length >= 2 && (
        <Paper withBorder p="xs" aria-live="polite">
          {query.isPending && <Skeleton height={28} />}
          {query.isError && <ErrorState error={query.error} />}
          {query.isSuccess && query.data.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('estate.noHits', { w })}
            </Text>
          )}
          {query.isSuccess && query.data.length > 0 && (
            <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('estate.hits', { count: query.data.length })}>
              {query.data.map((h) => {
                const body = (
                  <Group gap="xs" wrap="nowrap" py={4} px={4}>
                    <Badge color={KIND_COLOUR[h.kind]} variant="light" tt="none" w={76} style={{ flexShrink: 0 }}>
                      {t(`estate.kind.${h.kind}`)}
                    </Badge>
                    <Text size="sm" fw={500} truncate>
                      {h.name}
                    </Text>
                    {h.detail && (
                      <Text size="xs" c="dimmed" truncate>
                        {h.detail}
                      </Text>
                    )}
                  </Group>
                );
                return (
                  <li key={`${h.kind}-${h.id}`}>
                    {onOpen && h.cid !== null ? (
                      <UnstyledButton w="100%" onClick={() => onOpen(h.cid as number)}>
                        {body}
                      </UnstyledButton>
                    ) : (
                      body
                    )}
                  </li>
                );
              })}
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
