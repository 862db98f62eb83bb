import type { Language } from '@tkc/contracts/fields';
import type { Block, Body } from './templates';

// Mails of the request/approval module (features/approvals): a request was made, approved,
// rejected, and the work after approval completed or failed. The tool (Signer, later Certificate
// CAP) names itself and says what "completed" means; the rest is shared.

export type ApprovalTool = 'signer' | 'crt' | 'kcg';
export type ApprovalMailEvent = 'requested' | 'approved' | 'rejected' | 'completed' | 'failed';

export type ApprovalMailData = {
  tool: ApprovalTool;
  event: ApprovalMailEvent;
  /** What the request is about (a file name). */
  title: string;
  company: string;
  requester: string;
  decider?: string;
  /** The rejection's reason or the failure. */
  reason?: string;
  comment?: string;
  link: string;
};

type ToolStrings = { name: string; completed: (title: string) => string };

type ApprovalStrings = {
  tools: Record<ApprovalTool, ToolStrings>;
  labels: { company: string; requester: string; decider: string; comment: string; file: string };
  subject: Record<ApprovalMailEvent, (tool: string, title: string) => string>;
  intro: {
    requested: (requester: string, title: string, company: string) => string;
    approved: (decider: string, title: string) => string;
    rejected: (decider: string, title: string) => string;
    failed: (title: string) => string;
  };
  reason: { rejected: string; failed: string };
  action: string;
  button: string;
};

const STRINGS: Record<Language, ApprovalStrings> = {
  en: {
    tools: {
      signer: {
        name: 'Signer',
        completed: (title) => `${title} has been signed and is ready to download.`,
      },
      crt: {
        name: 'Certificate CAP',
        completed: (title) =>
          `The certificates of ${title} are issued; the CAP is ready to download.`,
      },
      kcg: {
        name: 'Key Certificate Group',
        completed: (title) => `The group ${title} is issued; its CAP is ready to download.`,
      },
    },
    labels: {
      company: 'Company',
      requester: 'Requested by',
      decider: 'Decided by',
      comment: 'Comment',
      file: 'File',
    },
    subject: {
      requested: (tool, title) => `[${tool}] New request: ${title}`,
      approved: (tool, title) => `[${tool}] Request approved: ${title}`,
      rejected: (tool, title) => `[${tool}] Request rejected: ${title}`,
      completed: (tool, title) => `[${tool}] Done: ${title}`,
      failed: (tool, title) => `[${tool}] Failed: ${title}`,
    },
    intro: {
      requested: (requester, title, company) =>
        `${requester} asked for ${title} to be approved in company ${company}.`,
      approved: (decider, title) => `${decider} approved the request for ${title}.`,
      rejected: (decider, title) => `${decider} rejected the request for ${title}.`,
      failed: (title) => `The approved request for ${title} could not be completed.`,
    },
    reason: { rejected: 'Reason:', failed: 'What went wrong:' },
    action: 'Open the request to see its details and history:',
    button: 'Open the request',
  },
  de: {
    tools: {
      signer: {
        name: 'Signer',
        completed: (title) => `${title} wurde signiert und steht zum Herunterladen bereit.`,
      },
      crt: {
        name: 'Zertifikats-CAP',
        completed: (title) =>
          `Die Zertifikate für ${title} sind ausgestellt; das CAP steht zum Herunterladen bereit.`,
      },
      kcg: {
        name: 'Schlüsselzertifikatsgruppe',
        completed: (title) =>
          `Die Gruppe ${title} ist ausgestellt; ihr CAP steht zum Herunterladen bereit.`,
      },
    },
    labels: {
      company: 'Firma',
      requester: 'Angefragt von',
      decider: 'Entschieden von',
      comment: 'Kommentar',
      file: 'Datei',
    },
    subject: {
      requested: (tool, title) => `[${tool}] Neue Anfrage: ${title}`,
      approved: (tool, title) => `[${tool}] Anfrage genehmigt: ${title}`,
      rejected: (tool, title) => `[${tool}] Anfrage abgelehnt: ${title}`,
      completed: (tool, title) => `[${tool}] Erledigt: ${title}`,
      failed: (tool, title) => `[${tool}] Fehlgeschlagen: ${title}`,
    },
    intro: {
      requested: (requester, title, company) =>
        `${requester} bittet in der Firma ${company} um die Genehmigung für ${title}.`,
      approved: (decider, title) => `${decider} hat die Anfrage für ${title} genehmigt.`,
      rejected: (decider, title) => `${decider} hat die Anfrage für ${title} abgelehnt.`,
      failed: (title) => `Die genehmigte Anfrage für ${title} konnte nicht ausgeführt werden.`,
    },
    reason: { rejected: 'Begründung:', failed: 'Was schiefging:' },
    action: 'Öffnen Sie die Anfrage, um Details und Verlauf zu sehen:',
    button: 'Anfrage öffnen',
  },
  es: {
    tools: {
      signer: {
        name: 'Signer',
        completed: (title) => `${title} se ha firmado y está listo para descargar.`,
      },
      crt: {
        name: 'CAP de certificado',
        completed: (title) =>
          `Los certificados de ${title} se han emitido; el CAP está listo para descargar.`,
      },
      kcg: {
        name: 'Grupo de certificados de claves',
        completed: (title) => `El grupo ${title} se ha emitido; su CAP está listo para descargar.`,
      },
    },
    labels: {
      company: 'Empresa',
      requester: 'Solicitado por',
      decider: 'Resuelto por',
      comment: 'Comentario',
      file: 'Archivo',
    },
    subject: {
      requested: (tool, title) => `[${tool}] Nueva solicitud: ${title}`,
      approved: (tool, title) => `[${tool}] Solicitud aprobada: ${title}`,
      rejected: (tool, title) => `[${tool}] Solicitud rechazada: ${title}`,
      completed: (tool, title) => `[${tool}] Completado: ${title}`,
      failed: (tool, title) => `[${tool}] Error: ${title}`,
    },
    intro: {
      requested: (requester, title, company) =>
        `${requester} ha solicitado la aprobación de ${title} en la empresa ${company}.`,
      approved: (decider, title) => `${decider} ha aprobado la solicitud de ${title}.`,
      rejected: (decider, title) => `${decider} ha rechazado la solicitud de ${title}.`,
      failed: (title) => `No se ha podido completar la solicitud aprobada de ${title}.`,
    },
    reason: { rejected: 'Motivo:', failed: 'Qué ha fallado:' },
    action: 'Abra la solicitud para ver sus detalles y su historial:',
    button: 'Abrir la solicitud',
  },
  fr: {
    tools: {
      signer: {
        name: 'Signer',
        completed: (title) => `${title} a été signé et peut être téléchargé.`,
      },
      crt: {
        name: 'CAP de certificat',
        completed: (title) =>
          `Les certificats de ${title} sont émis ; le CAP peut être téléchargé.`,
      },
      kcg: {
        name: 'Groupe de certificats de clés',
        completed: (title) => `Le groupe ${title} est émis ; son CAP peut être téléchargé.`,
      },
    },
    labels: {
      company: 'Société',
      requester: 'Demandé par',
      decider: 'Décidé par',
      comment: 'Commentaire',
      file: 'Fichier',
    },
    subject: {
      requested: (tool, title) => `[${tool}] Nouvelle demande : ${title}`,
      approved: (tool, title) => `[${tool}] Demande approuvée : ${title}`,
      rejected: (tool, title) => `[${tool}] Demande refusée : ${title}`,
      completed: (tool, title) => `[${tool}] Terminé : ${title}`,
      failed: (tool, title) => `[${tool}] Échec : ${title}`,
    },
    intro: {
      requested: (requester, title, company) =>
        `${requester} demande l'approbation de ${title} dans la société ${company}.`,
      approved: (decider, title) => `${decider} a approuvé la demande concernant ${title}.`,
      rejected: (decider, title) => `${decider} a refusé la demande concernant ${title}.`,
      failed: (title) => `La demande approuvée concernant ${title} n'a pas pu aboutir.`,
    },
    reason: { rejected: 'Motif :', failed: "Ce qui n'a pas fonctionné :" },
    action: 'Ouvrez la demande pour voir ses détails et son historique :',
    button: 'Ouvrir la demande',
  },
  ja: {
    tools: {
      signer: {
        name: 'Signer',
        completed: (title) => `${title} は署名され、ダウンロードできるようになりました。`,
      },
      crt: {
        name: '証明書 CAP',
        completed: (title) =>
          `${title} の証明書が発行され、CAP をダウンロードできるようになりました。`,
      },
      kcg: {
        name: '鍵証明書グループ',
        completed: (title) =>
          `グループ ${title} が発行され、CAP をダウンロードできるようになりました。`,
      },
    },
    labels: {
      company: '会社',
      requester: '依頼者',
      decider: '判断者',
      comment: 'コメント',
      file: 'ファイル',
    },
    subject: {
      requested: (tool, title) => `[${tool}] 新しいリクエスト: ${title}`,
      approved: (tool, title) => `[${tool}] リクエストが承認されました: ${title}`,
      rejected: (tool, title) => `[${tool}] リクエストが却下されました: ${title}`,
      completed: (tool, title) => `[${tool}] 完了: ${title}`,
      failed: (tool, title) => `[${tool}] 失敗: ${title}`,
    },
    intro: {
      requested: (requester, title, company) =>
        `${requester} が会社 ${company} で ${title} の承認を依頼しました。`,
      approved: (decider, title) => `${decider} が ${title} のリクエストを承認しました。`,
      rejected: (decider, title) => `${decider} が ${title} のリクエストを却下しました。`,
      failed: (title) => `承認された ${title} のリクエストを完了できませんでした。`,
    },
    reason: { rejected: '理由:', failed: '発生した問題:' },
    action: 'リクエストを開いて詳細と履歴を確認してください:',
    button: 'リクエストを開く',
  },
  zh: {
    tools: {
      signer: {
        name: 'Signer',
        completed: (title) => `${title} 已签名，可以下载。`,
      },
      crt: {
        name: '证书 CAP',
        completed: (title) => `${title} 的证书已签发，CAP 可以下载。`,
      },
      kcg: {
        name: '密钥证书组',
        completed: (title) => `证书组 ${title} 已签发，其 CAP 可以下载。`,
      },
    },
    labels: {
      company: '公司',
      requester: '请求人',
      decider: '处理人',
      comment: '备注',
      file: '文件',
    },
    subject: {
      requested: (tool, title) => `[${tool}] 新请求：${title}`,
      approved: (tool, title) => `[${tool}] 请求已批准：${title}`,
      rejected: (tool, title) => `[${tool}] 请求已拒绝：${title}`,
      completed: (tool, title) => `[${tool}] 已完成：${title}`,
      failed: (tool, title) => `[${tool}] 失败：${title}`,
    },
    intro: {
      requested: (requester, title, company) =>
        `${requester} 在公司 ${company} 中请求批准 ${title}。`,
      approved: (decider, title) => `${decider} 已批准 ${title} 的请求。`,
      rejected: (decider, title) => `${decider} 已拒绝 ${title} 的请求。`,
      failed: (title) => `已批准的 ${title} 请求未能完成。`,
    },
    reason: { rejected: '原因：', failed: '出错原因：' },
    action: '打开请求以查看详情和历史记录：',
    button: '打开请求',
  },
};

/** Header-safe single line (user input must not break a subject or a row). */
const oneLine = (value: string) =>
  value
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();

/** The body of an approval mail in one language (English when unknown). */
export function composeApprovalMail(d: ApprovalMailData, lang: Language, footer: string): Body {
  const s = STRINGS[lang] ?? STRINGS.en;
  const tool = s.tools[d.tool];
  const title = oneLine(d.title);
  const decider = oneLine(d.decider ?? '');
  const intro =
    d.event === 'requested'
      ? s.intro.requested(oneLine(d.requester), title, oneLine(d.company))
      : d.event === 'completed'
        ? tool.completed(title)
        : d.event === 'failed'
          ? s.intro.failed(title)
          : s.intro[d.event](decider, title);
  const facts: [string, string][] = [
    [s.labels.file, title],
    [s.labels.company, oneLine(d.company)],
    [s.labels.requester, oneLine(d.requester)],
  ];
  if (decider) facts.push([s.labels.decider, decider]);
  if (d.comment) facts.push([s.labels.comment, oneLine(d.comment)]);
  const blocks: Block[] = [
    { type: 'p', text: intro },
    { type: 'facts', rows: facts },
  ];
  if (d.reason && (d.event === 'rejected' || d.event === 'failed')) {
    blocks.push({ type: 'p', text: s.reason[d.event] }, { type: 'quote', text: d.reason });
  }
  blocks.push({ type: 'p', text: s.action }, { type: 'button', label: s.button, href: d.link });
  return { subject: s.subject[d.event](tool.name, title), blocks, footer };
}
