import 'mantine-datatable/styles.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconEye, IconFlag, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { can, scopeOf } from '@tkc/contracts/access/permissions';
import type { EraseRecord } from '@tkc/contracts/api/erase';
import { ERASE_PAGE_SIZE } from '@tkc/contracts/constants';
import { isEraseFailure } from '@tkc/contracts/erase-status';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useSubject } from '@/lib/access';
import { showActionError } from '@/lib/action-alert';
import { useUser } from '@/lib/auth';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { toast } from '@/lib/notify';
import { tableAlertOf } from '@/lib/table-alert';
import { formatDateTime } from '@/lib/time-zones';
import { type BulkResult, deleteErases } from '../api/delete-erase';
import { eraseQueryKey, useEraseList } from '../api/get-erase-list';
import { resendErases } from '../api/resend-erase';
import { EraseDetailModal } from '../components/erase-detail-modal';
import { LogFilters } from '../components/log-filters';
import { ReportModal } from '../components/report-modal';
import { StatusBadge } from '../components/status-badge';
import {
  formatLogView,
  type LogPatch,
  type LogView,
  listParamsOf,
  parseLogView,
  viewOfLinkState,
} from '../utils/log-query';

// The Key Erase log (/key-erase/log): a server-side table of 9 records a page over GET /uld/erase
// with search, date range, status filter and sort; delete (one after another) and resend (in
// parallel) of the selected records, a failure report, and each record's detail with its log.

type Row = Omit<EraseRecord, 'log'>;

export function KeyEraseLogRoute() {
  const { t } = useTranslation('keyErase');
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const subject = useSubject();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parseLogView(searchParams), [searchParams]);
  const list = useEraseList(listParamsOf(view));
  const [selected, setSelected] = useState<Row[]>([]);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [report, setReport] = useState<{ id: string; text: string } | null>(null);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [busy, setBusy] = useState<'delete' | 'resend' | null>(null);
  const timeZone = user?.timezone || undefined;
  const locale = languageLocales[currentLanguage()];
  const showCompany = subject ? scopeOf(subject, 'erase.log.view') === 'all' : false;
  const canErase = subject ? can(subject, 'erase.authorize') : false;

  const query = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query shows other records.
  useEffect(() => setSelected([]), [query]);

  const update = (patch: LogPatch) => {
    // From the address as it is now, not as this render saw it: a debounced search that fires
    // after a status click (before the re-render) must not drop that click.
    const current = parseLogView(new URLSearchParams(window.location.search));
    const next: LogView = {
      ...current,
      page: 1,
      ...(typeof patch === 'function' ? patch(current) : patch),
    };
    setSearchParams(formatLogView(next), { replace: true });
  };

  // A link may say what to show in its router state (the dashboard's Failed button); the view
  // then moves into the address like any other.
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the state of the arriving link.
  useEffect(() => {
    const linked = viewOfLinkState(location.state);
    if (linked && query === '') update(linked);
  }, [location.key]);

  const alert = list.error ? tableAlertOf(list.error) : null;
  const records = list.data?.data ?? [];
  const failedSelected = selected.filter((r) => isEraseFailure(r.status));

  const finishBulk = (result: BulkResult, action: string, doneText: string) => {
    void queryClient.invalidateQueries({ queryKey: eraseQueryKey });
    setSelected([]);
    if (result.done.length > 0) toast(doneText, 'success');
    if (result.failed.length > 0) showActionError(action, result.failed[0]!.error);
  };

  const runDelete = async () => {
    setConfirmingDelete(false);
    setBusy('delete');
    const ids = selected.map((r) => r.id);
    try {
      const result = await deleteErases(ids);
      finishBulk(result, t('log.deleteAction'), t('log.deleted', { count: result.done.length }));
    } finally {
      setBusy(null);
    }
  };

  const runResend = async () => {
    setBusy('resend');
    const ids = failedSelected.map((r) => r.id);
    try {
      const result = await resendErases(ids);
      finishBulk(result, t('log.resendAction'), t('log.resent', { count: result.done.length }));
    } finally {
      setBusy(null);
    }
  };

  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'created_at',
      title: t('log.columns.date'),
      sortable: true,
      noWrap: true,
      render: (r) => formatDateTime(r.created_at, { timeZone, locale }),
    },
    {
      accessor: 'sn',
      title: t('log.columns.sn'),
      sortable: true,
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.sn || '-'}
        </Text>
      ),
    },
    { accessor: 'esn', title: t('log.columns.esn'), render: (r) => r.esn || '-' },
    { accessor: 'model', title: t('log.columns.model'), render: (r) => r.model || '-' },
    {
      accessor: 'status',
      title: t('log.columns.status'),
      sortable: true,
      width: 220,
      render: (r) => <StatusBadge status={r.status} />,
    },
    {
      accessor: 'isReported',
      title: t('log.columns.reported'),
      render: (r) =>
        r.isReported ? (
          <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
            {t('log.reportedYes')}
          </Badge>
        ) : (
          '-'
        ),
    },
    {
      accessor: 'user_email',
      title: t('log.columns.user'),
      ellipsis: true,
      width: 200,
      render: (r) => <span title={r.user_email}>{r.user_email}</span>,
    },
    ...(showCompany
      ? [{ accessor: 'company_code', title: t('log.columns.company') } as DataTableColumn<Row>]
      : []),
    {
      accessor: 'actions',
      title: t('log.columns.actions'),
      textAlign: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {isEraseFailure(r.status) && (
            <Tooltip label={t('log.report')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('log.reportOf', { sn: r.sn || '-' })}
                onClick={(e) => {
                  e.stopPropagation();
                  setReport({ id: r.id, text: r.additional_information });
                }}
              >
                <IconFlag size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('log.detail')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('log.detailOf', { sn: r.sn || '-' })}
              onClick={(e) => {
                e.stopPropagation();
                setDetailId(r.id);
              }}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <LogFilters view={view} timeZone={timeZone} onChange={update} />
      </Card>

      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('log.selected', { count: selected.length })}
          </Text>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={selected.length === 0 || busy !== null}
            loading={busy === 'delete'}
            onClick={() => setConfirmingDelete(true)}
          >
            {t('log.delete')}
          </Button>
          <Tooltip label={t('log.resendHint')} multiline w={260}>
            <Button
              variant="light"
              leftSection={<IconSend size={16} />}
              disabled={failedSelected.length === 0 || busy !== null}
              loading={busy === 'resend'}
              onClick={() => void runResend()}
            >
              {t('log.resend')}
            </Button>
          </Tooltip>
        </Group>
        {canErase && (
          <Button
            component={Link}
            to={paths.app.keyEraseInstruction.getHref()}
            leftSection={<IconPlus size={16} />}
          >
            {t('log.newErase')}
          </Button>
        )}
      </Group>

      {alert && (
        <Alert color="red" variant="light">
          {alert.tableStatusText}
          {alert.tableStatusCode ? ` (${alert.tableStatusCode})` : ''}
        </Alert>
      )}

      <DataTable<Row>
        withTableBorder
        borderRadius="md"
        pinLastColumn
        highlightOnHover
        striped
        minHeight={records.length ? undefined : 200}
        records={records}
        idAccessor="id"
        columns={columns}
        fetching={list.isFetching}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={ERASE_PAGE_SIZE}
        page={view.page}
        onPageChange={(page) => update({ page })}
        paginationText={({ from, to, totalRecords }) =>
          t('log.pagination', { from, to, total: totalRecords })
        }
        sortStatus={{ columnAccessor: view.sortBy, direction: view.order }}
        onSortStatusChange={(s) => {
          const sortBy = s.columnAccessor as LogView['sortBy'];
          // Another column starts from its natural order: dates newest first, the rest A-Z.
          const first = sortBy === 'created_at' ? 'desc' : 'asc';
          update({ sortBy, order: sortBy === view.sortBy ? s.direction : first });
        }}
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        allRecordsSelectionCheckboxProps={{ 'aria-label': t('log.selectAll') }}
        selectionCheckboxProps={{ 'aria-label': t('log.selectRow') }}
        getRecordSelectionCheckboxProps={(r) => ({
          'aria-label': t('log.selectRecord', { sn: r.sn || '-' }),
        })}
        onRowClick={({ record }) => setDetailId(record.id)}
        noRecordsText={t('log.noRecords')}
        loadingText={t('common.loading')}
      />

      <EraseDetailModal
        recordId={detailId}
        timeZone={timeZone}
        onClose={() => setDetailId(null)}
        onReport={(id, text) => setReport({ id, text })}
      />
      <ReportModal
        recordId={report?.id ?? null}
        initialText={report?.text ?? ''}
        onClose={() => setReport(null)}
      />
      <Modal
        opened={isConfirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title={t('log.deleteTitle')}
        centered
        radius="md"
      >
        <Stack gap="md">
          <Text size="sm">{t('log.deleteBody', { count: selected.length })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmingDelete(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void runDelete()}>
              {t('log.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export { KeyEraseLogRoute as Component };
