import { fmsCommandQuerySchema, READ_ONLY_COMMANDS } from '@fleet/shared';
import { Alert, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { sendFmsCommand } from '../api/debug-api.ts';
import { commandExample } from '../hooks/command-example.ts';
import classes from './debug.module.css';

/** A small command line: sends a GPRS command to the unit and shows its reply or why there is none. */
export function CommandBox({ uid, protocol = null }: { uid: number; protocol?: string | null }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const hintId = useId();
  const [cmd, setCmd] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (command: string) => sendFmsCommand(uid, command),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fmsCommandQuerySchema.safeParse({ uid, cmd });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? t('errors.generic'));
      return;
    }
    setInvalid(null);
    mutation.mutate(parsed.data.cmd);
  };

  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h5" mb={6} id={headingId}>
        {t('debugger.command')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('debugger.command')}
            aria-describedby={hintId}
            placeholder={commandExample(protocol)}
            value={cmd}
            onChange={(e) => setCmd(e.currentTarget.value)}
            error={invalid}
            maxLength={200}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Button
            type="submit"
            loading={mutation.isPending}
            disabled={cmd.trim() === ''}
            leftSection={<IconSend size={14} aria-hidden />}
          >
            {t('debugger.send')}
          </Button>
        </Group>
      </form>
      <Text size="xs" c="dimmed" mt={6} id={hintId}>
        {t('debugger.commandHint', { list: READ_ONLY_COMMANDS.join(', ') })}
      </Text>
      <div aria-live="polite">
        {mutation.isSuccess && (
          <div style={{ marginTop: 8 }}>
            <Text size="xs" c="dimmed" mb={2}>
              {t('debugger.reply', { cmd: mutation.variables })}
            </Text>
            <pre className={classes.pre} data-testid="command-reply">
              {mutation.data}
            </pre>
          </div>
        )}
        {mutation.isError && (
          <Alert
            mt="xs"
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('debugger.commandFailed', { cmd: mutation.variables })}
          >
            {errorMessage(mutation.error)}
          </Alert>
        )}
      </div>
    </Paper>
  );
}
