import { Anchor, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { distanceUnit } from '../../../shared/format/units.ts';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import { formatFullDate } from '../../../shared/format/time.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { FieldList } from '../../../shared/ui/field-list.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { markFaultDealt, vclViewQuery } from '../api/office-checklists-api.ts';
import { officeChecklistKeys } from '../api/office-keys.ts';
import { UploadImage } from '../components/office-upload-image.tsx';
import { VclItems } from '../components/office-vcl-items.tsx';
import classes from '../components/office-vcl-viewer.module.css';
import { useVclLive } from '../hooks/office-vcl-live.ts';
import { parseViewerId, VCL_ALERTS_PATH } from '../model/office-paths.ts';
import { itemsInOrder, mileageText, openFaults, type ViewItem } from '../model/office-vcl-view.ts';

function BackToList() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={VCL_ALERTS_PATH} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t('vclOffice.viewer.back')}
      </Group>
    </Anchor>
  );
}

/** Asks before a fault is marked dealt with for everyone; Cancel has the focus. */
function DealModal({ item, registration, onClose }: { item: ViewItem | null; registration: string; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const deal = useMutation({
    mutationFn: (faultId: number) => markFaultDealt(faultId),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: officeChecklistKeys.allViews() });
      void queryClient.invalidateQueries({ queryKey: officeChecklistKeys.allAlerts() });
      notifications.show({ color: 'teal', message: t('vclOffice.viewer.dealtDone', { count: answer.open }) });
      onClose();
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  return (
    <Modal opened={item !== null} onClose={onClose} centered size="md"
      title={item ? t('vclOffice.viewer.dealTitle', { item: item.item, vehicle: registration }) : ''}
      closeButtonProps={{ 'aria-label': t('vclOffice.viewer.close') }}>
      <Text size="sm">{t('vclOffice.viewer.dealMessage')}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus disabled={deal.isPending} mih={44}>
          {t('vclOffice.viewer.cancel')}
        </Button>
        <Button mih={44} loading={deal.isPending} onClick={() => item?.fault && deal.mutate(item.fault.id)}>
          {t('vclOffice.viewer.dealConfirm')}
        </Button>
      </Group>
    </Modal>
  );
}

function Viewer({ id }: { id: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  useVclLive(user?.token, user?.siteid ?? null);
  const query = useQuery(vclViewQuery(id));
  const system = useUnitSystem();
  const [dealing, setDealing] = useState<ViewItem | null>(null);
  const view = query.data;
  const operator = typeof user?.usertype === 'number' && user.usertype <= 2;

  if (query.isError) {
    return (
      <Stack gap="sm" maw={960}>
        <PageHeader title={t('vclOffice.viewer.title')} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        <BackToList />
      </Stack>
    );
  }
  if (!view) {
    return (
      <Stack gap="sm" maw={960} aria-busy="true">
        <PageHeader title={t('vclOffice.viewer.title')} />
        <Skeleton height={160} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  const open = openFaults(view);
  const faulty = view.items.filter((i) => i.faulty).length;
  return (
    <Stack gap="sm" maw={960}>
      <PageHeader
        title={t('vclOffice.viewer.titleOf', { vehicle: view.registration })}
        count={open > 0 ? t('vclOffice.viewer.openCount', { count: open }) : t('vclOffice.viewer.noneOpen')}
        description={view.template || t('vclOffice.viewer.noTemplate')}
        actions={<BackToList />}
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <FieldList
            fields={[
              [t('vclOffice.viewer.vehicle'), view.registration],
              [t('vclOffice.viewer.driver'), view.driver || '–'],
              [t('vclOffice.viewer.operator'), view.operator || '–'],
              [t('vclOffice.viewer.mileage'), mileageText(view.mileage, distanceUnit(system), '–')],
            ]}
          />
          <FieldList
            fields={[
              [t('vclOffice.viewer.reported'), <time key="r" dateTime={view.reported}>{formatFullDate(view.reported)}</time>],
              [t('vclOffice.viewer.received'), <time key="v" dateTime={view.received}>{formatFullDate(view.received)}</time>],
              [t('vclOffice.viewer.faults'), t('vclOffice.viewer.faultsOf', { count: faulty, items: view.items.length })],
              [t('vclOffice.viewer.complete'), view.complete ? t('vclOffice.viewer.yes') : t('vclOffice.viewer.no')],
            ]}
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder>
        <Title order={2} fz="md" px="sm" pt="sm" pb={4}>
          {t('vclOffice.viewer.items')}
        </Title>
        <VclItems items={itemsInOrder(view)} registration={view.registration} onDeal={operator ? setDealing : null} />
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} fz="md" mb="xs">
          {t('vclOffice.viewer.signature')}
        </Title>
        <div className={classes.signature}>
          <UploadImage id={view.sig} alt={t('vclOffice.viewer.signatureAlt', { driver: view.driver })} width={300} height={120} testId="vcl-signature" />
        </div>
      </Paper>
      <DealModal item={dealing} registration={view.registration} onClose={() => setDealing(null)} />
    </Stack>
  );
}

/** vclviewer?id=: any check list of the user's sites, with its photos, signature and faults to deal with. */
export default function VclViewerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = parseViewerId(raw);
  if (id === null) {
    return (
      <Stack gap="sm" maw={720}>
        <PageHeader title={t('vclOffice.viewer.title')} />
        <Paper withBorder p="md" role="alert">
          <Text size="sm">{raw === null ? t('vclOffice.viewer.noId') : t('vclOffice.viewer.badId', { id: raw })}</Text>
        </Paper>
        <BackToList />
      </Stack>
    );
  }
  return <Viewer key={id} id={id} />;
}
