import { Stack, Tabs } from '@mantine/core';
import { IconInbox, IconList } from '@tabler/icons-react';
import { can, type Subject, scopeOf } from '@tkc/contracts/access/permissions';
import type { ComponentType, ReactNode } from 'react';
import { ApprovalDetailModal } from './approval-detail-modal';
import type { ApprovalDetail, ApprovalFeature, ApprovalRow } from './approval-feature';
import { ApprovalRequestsTable } from './approval-requests-table';
import { useApprovalText } from './approval-text';
import { usePageAddress } from './use-page-address';

// A workflow's page: make a request, follow one's requests, decide the company's queue
// (managers) or read every request (platform admins), and the feature's own tab after them. The
// tab and an open request live in the address, so a mail's link (?request=<id>) opens the request.

/** What a feature shows in the page's request tabs. */
export type ApprovalPageParts<Row extends ApprovalRow, Detail extends Row & ApprovalDetail> = {
  feature: ApprovalFeature<Row, Detail>;
  RequestIcon: ComponentType<{ size?: number }>;
  RequestForm: ComponentType<{ onCreated: (id: string) => void }>;
  RequestDetail: ComponentType<{ request: Detail; timeZone?: string }>;
};

/** The feature's own tab, after the request tabs (the signing keys, the certificates). */
type OwnTab = {
  /** Whether the caller gets the tab; its (closed) panel is there either way. */
  isOffered: boolean;
  value: string;
  label: string;
  icon: ReactNode;
  panel: ReactNode;
};

type ApprovalPageProps<Row extends ApprovalRow, Detail extends Row & ApprovalDetail> = {
  parts: ApprovalPageParts<Row, Detail>;
  ownTab: OwnTab;
  subject: Subject;
  timeZone?: string;
};

export function ApprovalPage<Row extends ApprovalRow, Detail extends Row & ApprovalDetail>({
  parts,
  ownTab,
  subject,
  timeZone,
}: ApprovalPageProps<Row, Detail>) {
  const { feature, RequestIcon, RequestForm, RequestDetail } = parts;
  const { text } = useApprovalText(feature.namespace);
  const { params, update } = usePageAddress();
  const canRequest = can(subject, feature.permissions.request);
  const canApprove = can(subject, feature.permissions.approve);
  const readsAll = scopeOf(subject, feature.permissions.view) === 'all';
  const tabs = [
    ...(canRequest ? ['request', 'mine'] : []),
    ...(canApprove || readsAll ? ['queue'] : []),
    ...(ownTab.isOffered ? [ownTab.value] : []),
  ];
  const asked = params.get('tab');
  const fallback = canApprove ? 'queue' : (tabs[0] ?? 'mine');
  const tab = asked && tabs.includes(asked) ? asked : fallback;
  const queueLabel = canApprove ? text('page.tabs.queue') : text('page.tabs.all');
  const open = (id: string) => update({ request: id });

  return (
    <Stack gap="lg">
      <Tabs value={tab} onChange={(value) => value && update({ tab: value })} keepMounted={false}>
        <Tabs.List aria-label={text('page.tabsLabel')}>
          {canRequest && (
            <Tabs.Tab value="request" leftSection={<RequestIcon size={16} />}>
              {text('page.tabs.request')}
            </Tabs.Tab>
          )}
          {canRequest && (
            <Tabs.Tab value="mine" leftSection={<IconList size={16} />}>
              {text('page.tabs.mine')}
            </Tabs.Tab>
          )}
          {(canApprove || readsAll) && (
            <Tabs.Tab value="queue" leftSection={<IconInbox size={16} />}>
              {queueLabel}
            </Tabs.Tab>
          )}
          {ownTab.isOffered && (
            <Tabs.Tab value={ownTab.value} leftSection={ownTab.icon}>
              {ownTab.label}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="request" pt="lg">
          <RequestForm onCreated={(id) => update({ tab: 'mine', request: id })} />
        </Tabs.Panel>
        <Tabs.Panel value="mine" pt="lg">
          <ApprovalRequestsTable
            feature={feature}
            view="mine"
            label={text('page.tabs.mine')}
            timeZone={timeZone}
            showRequester={false}
            showCompany={false}
            onOpen={open}
          />
        </Tabs.Panel>
        <Tabs.Panel value="queue" pt="lg">
          <ApprovalRequestsTable
            feature={feature}
            view="all"
            label={queueLabel}
            timeZone={timeZone}
            initialStatuses={canApprove ? ['pending'] : []}
            showRequester
            showCompany={readsAll}
            onOpen={open}
          />
        </Tabs.Panel>
        <Tabs.Panel value={ownTab.value} pt="lg">
          {ownTab.panel}
        </Tabs.Panel>
      </Tabs>
      <ApprovalDetailModal
        feature={feature}
        requestId={params.get('request')}
        onClose={() => update({ request: null })}
      >
        {(request) => <RequestDetail request={request} timeZone={timeZone} />}
      </ApprovalDetailModal>
    </Stack>
  );
}
