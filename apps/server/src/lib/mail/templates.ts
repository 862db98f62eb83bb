import type { Language } from '@tkc/contracts/fields';
import { type ApprovalMailData, composeApprovalMail } from './templates-approval';

export const PRODUCT_NAME = 'Terminal Key Console';

/** Known second-factor changes; they are translated. Any other string is shown as given. */
type FactorChange =
  | 'totp-enabled'
  | 'totp-disabled'
  | 'recovery-codes-regenerated'
  | 'default-email'
  | 'default-totp';

export type MailData = {
  invitation: { link: string; companyName: string; inviterName?: string; expiresDays?: number };
  'login-code': { code: string; validMinutes?: number };
  'password-reset': { link: string; validMinutes?: number };
  /** `time` is an ISO-8601 instant; `timeZone` (IANA) is how it is shown, UTC by default. */
  'password-changed': { time: string; ip?: string; timeZone?: string };
  'factor-changed': {
    factor: FactorChange | (string & {});
    time: string;
    ip?: string;
    timeZone?: string;
  };
  /** Sent to the support address; the sender's address goes into Reply-To. */
  contact: {
    fromEmail: string;
    fromName: string;
    company: string;
    subject: string;
    content: string;
  };
  /** A step of a request/approval (features/approvals; templates-approval.ts). */
  'approval-update': ApprovalMailData;
};

export type MailKind = keyof MailData;

export const MAIL_KINDS = [
  'invitation',
  'login-code',
  'password-reset',
  'password-changed',
  'factor-changed',
  'contact',
  'approval-update',
] as const satisfies readonly MailKind[];

export const MAIL_LANGUAGES = [
  'en',
  'de',
  'es',
  'fr',
  'ja',
  'zh',
] as const satisfies readonly Language[];

/** One mail to send; the union keeps `kind` and `data` in step. */
export type OutgoingMail = {
  [K in MailKind]: { to: string; lang: Language; kind: K; data: MailData[K] };
}[MailKind];

export type RenderedMail = { subject: string; text: string; html: string };

// Defaults (docs/security.md#links): invitation 7 days, e-mail code 5 minutes, reset link 1 hour.
const DEFAULT_INVITATION_DAYS = 7;
const DEFAULT_CODE_MINUTES = 5;
const DEFAULT_RESET_MINUTES = 60;

/** The code or link a mail carries, if any (the outbox console line shows it). */
export function mailSecret(mail: OutgoingMail): string | undefined {
  switch (mail.kind) {
    case 'login-code':
      return mail.data.code;
    case 'invitation':
    case 'password-reset':
      return mail.data.link;
    default:
      return undefined;
  }
}

// A mail body is a list of blocks; translations are plain text only, so rendering HTML
// escapes every block as a whole and no interpolated value can carry markup.
export type Block =
  | { type: 'p'; text: string }
  | { type: 'button'; label: string; href: string }
  | { type: 'code'; code: string }
  | { type: 'facts'; rows: [label: string, value: string][] }
  | { type: 'quote'; text: string };

export type Body = { subject: string; blocks: Block[]; footer: string };

type Labels = {
  time: string;
  ip: string;
  change: string;
  from: string;
  company: string;
  subject: string;
  message: string;
};

type Strings = {
  locale: string;
  labels: Labels;
  footer: string;
  contactFooter: string;
  factors: Record<FactorChange, string>;
  invitation: {
    subject: (company: string) => string;
    intro: (company: string, inviter?: string) => string;
    action: string;
    button: string;
    validity: (days: number) => string;
    ignore: string;
  };
  loginCode: {
    subject: string;
    intro: string;
    validity: (minutes: number) => string;
    warning: string;
  };
  passwordReset: {
    subject: string;
    intro: string;
    action: string;
    button: string;
    validity: (minutes: number) => string;
    ignore: string;
  };
  passwordChanged: { subject: string; intro: string };
  factorChanged: { subject: string; intro: string };
  changeNotice: { you: string; notYou: string };
  contact: { subject: (subject: string) => string; intro: string; reply: string };
};

const P = PRODUCT_NAME;

const STRINGS: Record<Language, Strings> = {
  en: {
    locale: 'en-GB',
    labels: {
      time: 'Time',
      ip: 'IP address',
      change: 'Change',
      from: 'From',
      company: 'Company',
      subject: 'Subject',
      message: 'Message',
    },
    footer: `This is an automated message from ${P}. Please do not reply to this e-mail.`,
    contactFooter: `Sent by ${P}.`,
    factors: {
      'totp-enabled': 'Authenticator app set up',
      'totp-disabled': 'Authenticator app removed',
      'recovery-codes-regenerated': 'New recovery codes generated',
      'default-email': 'Default sign-in method set to e-mail code',
      'default-totp': 'Default sign-in method set to authenticator app',
    },
    invitation: {
      subject: (company) => `Invitation to join ${company} on ${P}`,
      intro: (company, inviter) =>
        inviter
          ? `${inviter} has invited you to join ${company} on ${P}.`
          : `You have been invited to join ${company} on ${P}.`,
      action: 'To accept the invitation, complete your account using the link below:',
      button: 'Complete your account',
      validity: (days) => `This link is valid for ${days} days and can be used only once.`,
      ignore: 'If you were not expecting this invitation, you can ignore this e-mail.',
    },
    loginCode: {
      subject: `Your ${P} sign-in code`,
      intro: `Use the following code to finish signing in to ${P}:`,
      validity: (minutes) => `The code is valid for ${minutes} minutes and can be used only once.`,
      warning:
        'If you did not try to sign in, someone may know your password. Change your password as soon as possible.',
    },
    passwordReset: {
      subject: `Reset your ${P} password`,
      intro: `We received a request to reset the password of your ${P} account.`,
      action: 'To choose a new password, open the link below:',
      button: 'Reset password',
      validity: (minutes) => `This link is valid for ${minutes} minutes and can be used only once.`,
      ignore:
        'If you did not ask for a password reset, you can ignore this e-mail; your password stays unchanged.',
    },
    passwordChanged: {
      subject: `Your ${P} password was changed`,
      intro: `The password of your ${P} account was changed.`,
    },
    factorChanged: {
      subject: `Your ${P} sign-in settings were changed`,
      intro: `The two-step sign-in settings of your ${P} account were changed.`,
    },
    changeNotice: {
      you: 'If you made this change, no further action is needed.',
      notYou:
        'If you did not make this change, reset your password immediately and contact your administrator.',
    },
    contact: {
      subject: (subject) => `[Contact Us] ${subject}`,
      intro: `A user sent a message through the Contact Us form of ${P}.`,
      reply: 'Reply to this e-mail to answer the user directly.',
    },
  },

  de: {
    locale: 'de-DE',
    labels: {
      time: 'Zeitpunkt',
      ip: 'IP-Adresse',
      change: 'Änderung',
      from: 'Von',
      company: 'Firma',
      subject: 'Betreff',
      message: 'Nachricht',
    },
    footer: `Dies ist eine automatisch erstellte Nachricht von ${P}. Bitte antworten Sie nicht auf diese E-Mail.`,
    contactFooter: `Gesendet von ${P}.`,
    factors: {
      'totp-enabled': 'Authenticator-App eingerichtet',
      'totp-disabled': 'Authenticator-App entfernt',
      'recovery-codes-regenerated': 'Neue Wiederherstellungscodes erstellt',
      'default-email': 'Standard-Anmeldemethode auf E-Mail-Code gesetzt',
      'default-totp': 'Standard-Anmeldemethode auf Authenticator-App gesetzt',
    },
    invitation: {
      subject: (company) => `Einladung zu ${company} in ${P}`,
      intro: (company, inviter) =>
        inviter
          ? `${inviter} hat Sie eingeladen, ${company} in ${P} beizutreten.`
          : `Sie wurden eingeladen, ${company} in ${P} beizutreten.`,
      action:
        'Um die Einladung anzunehmen, vervollständigen Sie Ihr Konto über den folgenden Link:',
      button: 'Konto vervollständigen',
      validity: (days) => `Der Link ist ${days} Tage gültig und kann nur einmal verwendet werden.`,
      ignore: 'Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    },
    loginCode: {
      subject: `Ihr Anmeldecode für ${P}`,
      intro: `Verwenden Sie den folgenden Code, um die Anmeldung bei ${P} abzuschließen:`,
      validity: (minutes) =>
        `Der Code ist ${minutes} Minuten gültig und kann nur einmal verwendet werden.`,
      warning:
        'Falls Sie nicht versucht haben, sich anzumelden, kennt möglicherweise jemand Ihr Passwort. Ändern Sie Ihr Passwort so bald wie möglich.',
    },
    passwordReset: {
      subject: `Passwort für ${P} zurücksetzen`,
      intro: `Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${P} zurückzusetzen.`,
      action: 'Um ein neues Passwort festzulegen, öffnen Sie den folgenden Link:',
      button: 'Passwort zurücksetzen',
      validity: (minutes) =>
        `Der Link ist ${minutes} Minuten gültig und kann nur einmal verwendet werden.`,
      ignore:
        'Falls Sie das Zurücksetzen nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    },
    passwordChanged: {
      subject: `Ihr Passwort für ${P} wurde geändert`,
      intro: `Das Passwort Ihres Kontos bei ${P} wurde geändert.`,
    },
    factorChanged: {
      subject: `Ihre Anmeldeeinstellungen für ${P} wurden geändert`,
      intro: `Die Einstellungen der zweistufigen Anmeldung Ihres Kontos bei ${P} wurden geändert.`,
    },
    changeNotice: {
      you: 'Wenn Sie diese Änderung selbst vorgenommen haben, ist nichts weiter zu tun.',
      notYou:
        'Wenn Sie diese Änderung nicht vorgenommen haben, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an Ihren Administrator.',
    },
    contact: {
      subject: (subject) => `[Kontakt] ${subject}`,
      intro: `Ein Benutzer hat über das Kontaktformular von ${P} eine Nachricht gesendet.`,
      reply: 'Mit „Antworten“ erreichen Sie den Absender direkt.',
    },
  },

  es: {
    locale: 'es-ES',
    labels: {
      time: 'Fecha y hora',
      ip: 'Dirección IP',
      change: 'Cambio',
      from: 'De',
      company: 'Empresa',
      subject: 'Asunto',
      message: 'Mensaje',
    },
    footer: `Este es un mensaje automático de ${P}. Por favor, no responda a este correo.`,
    contactFooter: `Enviado por ${P}.`,
    factors: {
      'totp-enabled': 'Aplicación de autenticación configurada',
      'totp-disabled': 'Aplicación de autenticación eliminada',
      'recovery-codes-regenerated': 'Nuevos códigos de recuperación generados',
      'default-email':
        'Método de inicio de sesión predeterminado cambiado a código por correo electrónico',
      'default-totp':
        'Método de inicio de sesión predeterminado cambiado a aplicación de autenticación',
    },
    invitation: {
      subject: (company) => `Invitación para unirse a ${company} en ${P}`,
      intro: (company, inviter) =>
        inviter
          ? `${inviter} le ha invitado a unirse a ${company} en ${P}.`
          : `Ha recibido una invitación para unirse a ${company} en ${P}.`,
      action: 'Para aceptar la invitación, complete su cuenta mediante el siguiente enlace:',
      button: 'Completar mi cuenta',
      validity: (days) =>
        `Este enlace es válido durante ${days} días y solo se puede usar una vez.`,
      ignore: 'Si no esperaba esta invitación, puede ignorar este correo.',
    },
    loginCode: {
      subject: `Su código de inicio de sesión de ${P}`,
      intro: `Utilice el siguiente código para completar el inicio de sesión en ${P}:`,
      validity: (minutes) =>
        `El código es válido durante ${minutes} minutos y solo se puede usar una vez.`,
      warning:
        'Si no ha intentado iniciar sesión, es posible que alguien conozca su contraseña. Cámbiela lo antes posible.',
    },
    passwordReset: {
      subject: `Restablezca su contraseña de ${P}`,
      intro: `Hemos recibido una solicitud para restablecer la contraseña de su cuenta de ${P}.`,
      action: 'Para elegir una nueva contraseña, abra el siguiente enlace:',
      button: 'Restablecer contraseña',
      validity: (minutes) =>
        `Este enlace es válido durante ${minutes} minutos y solo se puede usar una vez.`,
      ignore:
        'Si no ha solicitado restablecer la contraseña, puede ignorar este correo; su contraseña no cambiará.',
    },
    passwordChanged: {
      subject: `Se ha cambiado su contraseña de ${P}`,
      intro: `Se ha cambiado la contraseña de su cuenta de ${P}.`,
    },
    factorChanged: {
      subject: `Se ha cambiado su configuración de inicio de sesión de ${P}`,
      intro: `Se ha cambiado la configuración de verificación en dos pasos de su cuenta de ${P}.`,
    },
    changeNotice: {
      you: 'Si ha realizado usted este cambio, no es necesario hacer nada más.',
      notYou:
        'Si no ha realizado este cambio, restablezca su contraseña de inmediato y póngase en contacto con su administrador.',
    },
    contact: {
      subject: (subject) => `[Contacto] ${subject}`,
      intro: `Un usuario ha enviado un mensaje mediante el formulario de contacto de ${P}.`,
      reply: 'Responda a este correo para contestar directamente al usuario.',
    },
  },

  fr: {
    locale: 'fr-FR',
    labels: {
      time: 'Date et heure',
      ip: 'Adresse IP',
      change: 'Modification',
      from: 'De',
      company: 'Société',
      subject: 'Objet',
      message: 'Message',
    },
    footer: `Ceci est un message automatique de ${P}. Merci de ne pas répondre à cet e-mail.`,
    contactFooter: `Envoyé par ${P}.`,
    factors: {
      'totp-enabled': "Application d'authentification configurée",
      'totp-disabled': "Application d'authentification supprimée",
      'recovery-codes-regenerated': 'Nouveaux codes de récupération générés',
      'default-email': 'Méthode de connexion par défaut : code envoyé par e-mail',
      'default-totp': "Méthode de connexion par défaut : application d'authentification",
    },
    invitation: {
      subject: (company) => `Invitation à rejoindre ${company} sur ${P}`,
      intro: (company, inviter) =>
        inviter
          ? `${inviter} vous invite à rejoindre ${company} sur ${P}.`
          : `Vous êtes invité(e) à rejoindre ${company} sur ${P}.`,
      action: "Pour accepter l'invitation, finalisez votre compte à l'aide du lien ci-dessous :",
      button: 'Finaliser mon compte',
      validity: (days) =>
        `Ce lien est valable ${days} jours et ne peut être utilisé qu'une seule fois.`,
      ignore: "Si vous n'attendiez pas cette invitation, vous pouvez ignorer cet e-mail.",
    },
    loginCode: {
      subject: `Votre code de connexion ${P}`,
      intro: `Utilisez le code suivant pour terminer votre connexion à ${P} :`,
      validity: (minutes) =>
        `Ce code est valable ${minutes} minutes et ne peut être utilisé qu'une seule fois.`,
      warning:
        "Si vous n'avez pas tenté de vous connecter, quelqu'un connaît peut-être votre mot de passe. Changez-le dès que possible.",
    },
    passwordReset: {
      subject: `Réinitialisation de votre mot de passe ${P}`,
      intro: `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${P}.`,
      action: 'Pour choisir un nouveau mot de passe, ouvrez le lien ci-dessous :',
      button: 'Réinitialiser le mot de passe',
      validity: (minutes) =>
        `Ce lien est valable ${minutes} minutes et ne peut être utilisé qu'une seule fois.`,
      ignore:
        "Si vous n'avez pas demandé cette réinitialisation, vous pouvez ignorer cet e-mail ; votre mot de passe reste inchangé.",
    },
    passwordChanged: {
      subject: `Votre mot de passe ${P} a été modifié`,
      intro: `Le mot de passe de votre compte ${P} a été modifié.`,
    },
    factorChanged: {
      subject: `Vos paramètres de connexion ${P} ont été modifiés`,
      intro: `Les paramètres de validation en deux étapes de votre compte ${P} ont été modifiés.`,
    },
    changeNotice: {
      you: "Si vous êtes à l'origine de cette modification, aucune action n'est nécessaire.",
      notYou:
        "Si vous n'êtes pas à l'origine de cette modification, réinitialisez immédiatement votre mot de passe et contactez votre administrateur.",
    },
    contact: {
      subject: (subject) => `[Nous contacter] ${subject}`,
      intro: `Un utilisateur a envoyé un message via le formulaire de contact de ${P}.`,
      reply: "Répondez à cet e-mail pour répondre directement à l'utilisateur.",
    },
  },

  ja: {
    locale: 'ja-JP',
    labels: {
      time: '日時',
      ip: 'IP アドレス',
      change: '変更内容',
      from: '送信者',
      company: '会社',
      subject: '件名',
      message: 'メッセージ',
    },
    footer: `このメールは ${P} から自動送信されています。このメールには返信しないでください。`,
    contactFooter: `${P} から送信されました。`,
    factors: {
      'totp-enabled': '認証アプリを設定しました',
      'totp-disabled': '認証アプリを削除しました',
      'recovery-codes-regenerated': '新しいリカバリーコードを発行しました',
      'default-email': '既定のサインイン方法をメールの確認コードに変更しました',
      'default-totp': '既定のサインイン方法を認証アプリに変更しました',
    },
    invitation: {
      subject: (company) => `${P} の ${company} への招待`,
      intro: (company, inviter) =>
        inviter
          ? `${inviter} さんから、${P} の ${company} への招待が届いています。`
          : `${P} の ${company} に招待されました。`,
      action: '招待を承諾するには、次のリンクからアカウント登録を完了してください。',
      button: 'アカウント登録を完了する',
      validity: (days) => `このリンクの有効期限は ${days} 日間で、一度だけ使用できます。`,
      ignore: 'この招待に心当たりがない場合は、このメールを破棄してください。',
    },
    loginCode: {
      subject: `${P} のサインイン確認コード`,
      intro: `${P} へのサインインを完了するには、次の確認コードを入力してください。`,
      validity: (minutes) => `この確認コードの有効期限は ${minutes} 分間で、一度だけ使用できます。`,
      warning:
        'サインインを試みていない場合、第三者にパスワードを知られている可能性があります。至急パスワードを変更してください。',
    },
    passwordReset: {
      subject: `${P} のパスワード再設定`,
      intro: `${P} アカウントのパスワード再設定のリクエストを受け付けました。`,
      action: '新しいパスワードを設定するには、次のリンクを開いてください。',
      button: 'パスワードを再設定する',
      validity: (minutes) => `このリンクの有効期限は ${minutes} 分間で、一度だけ使用できます。`,
      ignore:
        'パスワードの再設定をリクエストしていない場合は、このメールを破棄してください。パスワードは変更されません。',
    },
    passwordChanged: {
      subject: `${P} のパスワードが変更されました`,
      intro: `${P} アカウントのパスワードが変更されました。`,
    },
    factorChanged: {
      subject: `${P} のサインイン設定が変更されました`,
      intro: `${P} アカウントの 2 段階認証の設定が変更されました。`,
    },
    changeNotice: {
      you: 'ご自身で変更した場合は、特に対応は必要ありません。',
      notYou: '心当たりがない場合は、直ちにパスワードを再設定し、管理者に連絡してください。',
    },
    contact: {
      subject: (subject) => `[お問い合わせ] ${subject}`,
      intro: `${P} のお問い合わせフォームからメッセージが届きました。`,
      reply: 'このメールに返信すると、送信者に直接回答できます。',
    },
  },

  zh: {
    locale: 'zh-CN',
    labels: {
      time: '时间',
      ip: 'IP 地址',
      change: '更改内容',
      from: '发件人',
      company: '公司',
      subject: '主题',
      message: '消息',
    },
    footer: `此邮件由 ${P} 自动发送，请勿回复。`,
    contactFooter: `由 ${P} 发送。`,
    factors: {
      'totp-enabled': '已设置身份验证器应用',
      'totp-disabled': '已移除身份验证器应用',
      'recovery-codes-regenerated': '已生成新的恢复码',
      'default-email': '默认登录方式已更改为邮件验证码',
      'default-totp': '默认登录方式已更改为身份验证器应用',
    },
    invitation: {
      subject: (company) => `邀请您加入 ${P} 上的 ${company}`,
      intro: (company, inviter) =>
        inviter
          ? `${inviter} 邀请您加入 ${P} 上的 ${company}。`
          : `您已受邀加入 ${P} 上的 ${company}。`,
      action: '如需接受邀请，请通过以下链接完成账户注册：',
      button: '完成账户注册',
      validity: (days) => `此链接 ${days} 天内有效，且只能使用一次。`,
      ignore: '如果您并未预期收到此邀请，请忽略此邮件。',
    },
    loginCode: {
      subject: `您的 ${P} 登录验证码`,
      intro: `请使用以下验证码完成 ${P} 登录：`,
      validity: (minutes) => `验证码 ${minutes} 分钟内有效，且只能使用一次。`,
      warning: '如果您没有尝试登录，可能有他人知道您的密码。请尽快修改密码。',
    },
    passwordReset: {
      subject: `重置您的 ${P} 密码`,
      intro: `我们收到了重置您 ${P} 账户密码的请求。`,
      action: '如需设置新密码，请打开以下链接：',
      button: '重置密码',
      validity: (minutes) => `此链接 ${minutes} 分钟内有效，且只能使用一次。`,
      ignore: '如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。',
    },
    passwordChanged: {
      subject: `您的 ${P} 密码已更改`,
      intro: `您的 ${P} 账户密码已更改。`,
    },
    factorChanged: {
      subject: `您的 ${P} 登录设置已更改`,
      intro: `您的 ${P} 账户的两步验证设置已更改。`,
    },
    changeNotice: {
      you: '如果这是您本人的操作，则无需进一步处理。',
      notYou: '如果这不是您本人的操作，请立即重置密码并联系您的管理员。',
    },
    contact: {
      subject: (subject) => `[联系我们] ${subject}`,
      intro: `有用户通过 ${P} 的“联系我们”表单发送了一条消息。`,
      reply: '直接回复此邮件即可答复该用户。',
    },
  },
};

/** Renders one mail in one language. Unknown languages fall back to English. */
export function renderMail<K extends MailKind>(
  kind: K,
  lang: Language,
  data: MailData[K],
): RenderedMail {
  const s = STRINGS[lang] ?? STRINGS.en;
  const body = compose({ kind, data } as KindData, s, lang);
  return {
    subject: oneLine(body.subject),
    text: renderText(body),
    html: renderHtml(body, lang in STRINGS ? lang : 'en'),
  };
}

type KindData = { [K in MailKind]: { kind: K; data: MailData[K] } }[MailKind];

function compose(mail: KindData, s: Strings, lang: Language): Body {
  switch (mail.kind) {
    case 'invitation': {
      const d = mail.data;
      const t = s.invitation;
      const company = oneLine(d.companyName);
      const inviter = d.inviterName ? oneLine(d.inviterName) : undefined;
      return {
        subject: t.subject(company),
        blocks: [
          { type: 'p', text: t.intro(company, inviter) },
          { type: 'p', text: t.action },
          { type: 'button', label: t.button, href: d.link },
          { type: 'p', text: t.validity(d.expiresDays ?? DEFAULT_INVITATION_DAYS) },
          { type: 'p', text: t.ignore },
        ],
        footer: s.footer,
      };
    }
    case 'login-code': {
      const d = mail.data;
      const t = s.loginCode;
      return {
        subject: t.subject,
        blocks: [
          { type: 'p', text: t.intro },
          { type: 'code', code: d.code },
          { type: 'p', text: t.validity(d.validMinutes ?? DEFAULT_CODE_MINUTES) },
          { type: 'p', text: t.warning },
        ],
        footer: s.footer,
      };
    }
    case 'password-reset': {
      const d = mail.data;
      const t = s.passwordReset;
      return {
        subject: t.subject,
        blocks: [
          { type: 'p', text: t.intro },
          { type: 'p', text: t.action },
          { type: 'button', label: t.button, href: d.link },
          { type: 'p', text: t.validity(d.validMinutes ?? DEFAULT_RESET_MINUTES) },
          { type: 'p', text: t.ignore },
        ],
        footer: s.footer,
      };
    }
    case 'password-changed': {
      const d = mail.data;
      return {
        subject: s.passwordChanged.subject,
        blocks: [
          { type: 'p', text: s.passwordChanged.intro },
          { type: 'facts', rows: whenAndWhere(s, d.time, d.ip, d.timeZone) },
          { type: 'p', text: s.changeNotice.you },
          { type: 'p', text: s.changeNotice.notYou },
        ],
        footer: s.footer,
      };
    }
    case 'factor-changed': {
      const d = mail.data;
      const change = isFactorChange(d.factor) ? s.factors[d.factor] : oneLine(d.factor);
      return {
        subject: s.factorChanged.subject,
        blocks: [
          { type: 'p', text: s.factorChanged.intro },
          {
            type: 'facts',
            rows: [[s.labels.change, change], ...whenAndWhere(s, d.time, d.ip, d.timeZone)],
          },
          { type: 'p', text: s.changeNotice.you },
          { type: 'p', text: s.changeNotice.notYou },
        ],
        footer: s.footer,
      };
    }
    case 'contact': {
      const d = mail.data;
      const t = s.contact;
      const subject = oneLine(d.subject);
      const email = oneLine(d.fromEmail);
      const from = d.fromName ? `${oneLine(d.fromName)} <${email}>` : email;
      return {
        subject: t.subject(subject),
        blocks: [
          { type: 'p', text: t.intro },
          {
            type: 'facts',
            rows: [
              [s.labels.from, from],
              [s.labels.company, oneLine(d.company)],
              [s.labels.subject, subject],
            ],
          },
          { type: 'quote', text: d.content },
          { type: 'p', text: t.reply },
        ],
        footer: s.contactFooter,
      };
    }
    case 'approval-update':
      return composeApprovalMail(mail.data, lang, s.footer);
  }
}

function isFactorChange(value: string): value is FactorChange {
  return Object.hasOwn(STRINGS.en.factors, value);
}

function whenAndWhere(
  s: Strings,
  time: string,
  ip: string | undefined,
  timeZone: string | undefined,
): [string, string][] {
  const rows: [string, string][] = [[s.labels.time, formatTime(time, s.locale, timeZone)]];
  if (ip) rows.push([s.labels.ip, oneLine(ip)]);
  return rows;
}

function formatTime(iso: string, locale: string, timeZone = 'UTC'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return oneLine(iso);
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'long' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    // An unknown time zone must not stop a security notice: fall back to UTC.
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  }
}

/** Header-safe single line: user input must not break the subject or a table row. */
function oneLine(value: string): string {
  return value
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function renderText(body: Body): string {
  const parts = body.blocks.map(textBlock);
  return `${[...parts, '--', body.footer].join('\n\n')}\n`;
}

function textBlock(block: Block): string {
  switch (block.type) {
    case 'p':
      return block.text;
    case 'button':
      return block.href;
    case 'code':
      // On a line of its own so readers (and tests) can pick it out.
      return `    ${block.code}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'quote':
      return block.text
        .split(/\r\n|\r|\n/)
        .map((line) => `> ${line}`)
        .join('\n');
  }
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only web links become anchors; anything else is shown as text. */
function isWebLink(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function htmlBlock(block: Block): string {
  const e = escapeHtml;
  switch (block.type) {
    case 'p':
      return `<p style="margin:0 0 16px">${e(block.text)}</p>`;
    case 'button':
      if (!isWebLink(block.href)) return `<p style="margin:0 0 16px">${e(block.href)}</p>`;
      return [
        '<p style="margin:0 0 8px">',
        `<a href="${e(block.href)}" style="display:inline-block;padding:10px 20px;background:#1b84ff;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${e(block.label)}</a>`,
        '</p>',
        `<p style="margin:0 0 16px;font-size:12px;color:#6b7280;word-break:break-all">${e(block.href)}</p>`,
      ].join('');
    case 'code':
      return `<p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:6px;font-family:Consolas,'Courier New',monospace">${e(block.code)}</p>`;
    case 'facts':
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:2px 16px 2px 0;color:#6b7280;vertical-align:top">${e(label)}</td><td style="padding:2px 0">${e(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d1d5db;white-space:pre-wrap">${e(block.text)}</blockquote>`;
  }
}

function renderHtml(body: Body, lang: Language): string {
  const e = escapeHtml;
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(oneLine(body.subject))}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f6f8;color:#1f2937;${FONT};font-size:15px;line-height:1.5">`,
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">',
    `<p style="margin:0 0 20px;font-weight:700;font-size:17px">${e(PRODUCT_NAME)}</p>`,
    ...body.blocks.map(htmlBlock),
    `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${e(body.footer)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
