import type { SessionUser } from '@fleet/shared';
import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconSpeakerphone } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { type SiteMessage, siteMessageQuery, updateSiteMessage } from '../api/site-message-api.ts';

/** The server's limit on a site message. */
const MAX_LENGTH = 2000;

/** Administrators: the small 'Site message' card on the dashboard to set what the site's users see. */
export function SiteMessageCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const query = useQuery(siteMessageQuery(user.siteid));
  const saved = query.data?.message ?? '';
  // The draft follows the saved text until the administrator types.
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? saved;
  const mutation = useMutation({
    mutationFn: (msg: string) => updateSiteMessage(msg),
    onSuccess: (_answer, msg) => {
      queryClient.setQueryData<SiteMessage>(siteMessageQuery(user.siteid).queryKey, {
        message: msg.trim(),
        siteid: user.siteid,
      });
      setDraft(null);
      notifications.show({
        message: msg.trim() ? t('siteMessage.saved') : t('siteMessage.removed'),
        color: 'teal',
      });
    },
  });
  const changed = value.trim() !== saved.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed) mutation.mutate(value);
  };

  return (
    <Card withBorder padding="md" maw={560} component="section" aria-labelledby="site-message-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Group gap="xs">
            <IconSpeakerphone size={18} aria-hidden />
            <Title order={2} fz="md" id="site-message-title">
              {t('siteMessage.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('siteMessage.hint', { site: user.sitename })}
          </Text>
          <Textarea
            label={t('siteMessage.label')}
            value={value}
            onChange={(e) => setDraft(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={MAX_LENGTH}
            disabled={query.isPending}
            description={t('siteMessage.length', { count: value.length, max: MAX_LENGTH })}
          />
          {mutation.isError && (
            <Alert color="red" variant="light" role="alert" py={6}>
              {errorMessage(mutation.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            {changed && (
              <Button variant="default" size="compact-sm" onClick={() => setDraft(null)} disabled={mutation.isPending}>
                {t('siteMessage.reset')}
              </Button>
            )}
            <Button
              type="submit"
              size="compact-sm"
              leftSection={<IconDeviceFloppy size={14} aria-hidden />}
              loading={mutation.isPending}
              disabled={!changed}
            >
              {t('siteMessage.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
