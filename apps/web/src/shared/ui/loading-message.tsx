import { Group, Loader, Text } from '@mantine/core';

/** A spinner with one of the spec's loading messages, announced to screen readers. */
export function LoadingMessage({ message }: { message: string }) {
  return (
    <Group gap="sm" role="status" aria-live="polite" justify="center" py="md">
      <Loader size="sm" />
      <Text size="sm">{message}</Text>
    </Group>
  );
}
