// Business constants and limits (docs/product.md#limits, and the pages that name a number) and
// the server-side auth limits (docs/security.md). Units are part of every name.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// --- Product (docs/product.md#preferences) ---
export const APP_VERSION = '1.9.41';

// --- API (docs/product.md#calls) ---
export const API_BASE_PATH = '/api/v1';
/** The server's default port, and the SPA's fallback. */
export const DEFAULT_PORT = 3458;
export const REQUEST_TIMEOUT_MS = 61_000;
/** HTTP statuses the client retries, while the attempt count is below HTTP_RETRY_MAX_ATTEMPTS. */
export const HTTP_RETRY_STATUSES: readonly number[] = [408, 429, 500];
export const HTTP_RETRY_MAX_ATTEMPTS = 2;
export const PUBLIC_IP_CACHE_MS = 4 * HOUR_MS;
export const QUERY_STALE_MS = 15 * MINUTE_MS;
export const QUERY_RETRIES = 3;
export const QUERY_REFETCH_ON_WINDOW_FOCUS = false;

// --- Lists (docs/product.md#list-query) ---
export const DEFAULT_PAGE_SIZE = 30;
export const DEFAULT_SORT_COLUMN = 'first_name';
export const DEFAULT_SORT_ORDER = 'asc';
export const FIRST_PAGE = 1;
export const ERASE_PAGE_SIZE = 9;
/** Server-side bounds of the list query (docs/api.md#requests-and-answers). */
export const MAX_PAGE_SIZE = 100;
export const LIST_KEYWORD_MAX_CHARS = 100;
export const LIST_FILTER_MAX_ITEMS = 50;

// --- Toasts, alerts, redirects (docs/product.md#limits) ---
/** A redirect after an alert (sign-up's 400, the code page's failures). */
export const ALERT_TIMEOUT_MS = 3000;
/** How long a toast stays (docs/product.md#differences). */
export const TOAST_DEFAULT_DELAY_MS = 5000;
export const FORGOT_PASSWORD_REDIRECT_MS = 4000;
export const RESET_PASSWORD_REDIRECT_MS = 5000;
export const INVALID_LINK_REDIRECT_MS = 5000;
/** Sign-up's 'short timeout' before /dashboard (docs/product.md#register). */
export const SIGN_UP_WELCOME_REDIRECT_MS = 1500;
/** Countdown of the Not Valid Link page, in whole seconds. */
export const INVALID_LINK_REDIRECT_S = INVALID_LINK_REDIRECT_MS / SECOND_MS;

// --- OTP and MFA (docs/product.md#two-step) ---
export const OTP_PAGE_TIMEOUT_MS = 300_000;
export const LOGIN_OTP_LENGTH = 6;

// --- Session (docs/product.md#session) ---
export const SESSION_TIMEOUT_DEFAULT_MS = HOUR_MS;
export const IDLE_PROMPT_LEAD_MS = MINUTE_MS;
export const IDLE_MODAL_CHECK_MS = SECOND_MS;
export const HEADER_TIMER_POLL_MS = 1000;
/** 'Keep Me Logged in' is disabled when less than this remains. */
export const KEEP_LOGGED_IN_MIN_REMAINING_MS = SECOND_MS;
export const PAGE_RELOAD_GUARD_MS = 3 * SECOND_MS;
/**
 * Signed out after this long without use (the idle-timer library's own default; the product's
 * IDLE_TIMEOUT_S's default, served by GET /config (docs/web.md#idle).
 */
export const IDLE_TIMEOUT_DEFAULT_MS = 20 * MINUTE_MS;

// --- Files and dates (docs/product.md#client-side) ---
export const SHA256_CHUNK_BYTES = 1_024_000;
export const DATE_OFFSET_WEEK_DAYS = 7;
export const DATE_OFFSET_MONTH_DAYS = 30;

// --- Serial terminal (docs/terminal-protocol.md) ---
export const SERIAL_BAUD_RATE = 115200;
export const SERIAL_FLOW_CONTROL = 'hardware';
/** Web Serial `requestPort` filters: the two supported USB bridges. */
export const SERIAL_USB_FILTERS: readonly { usbVendorId: number; usbProductId: number }[] = [
  { usbVendorId: 5971, usbProductId: 51460 },
  { usbVendorId: 3238, usbProductId: 41040 },
];
/** The serial reader drops this many trailing characters of incoming data. */
export const SERIAL_TRAILING_STRIP_CHARS = 2;
export const FRAME_DLE = 16;
export const FRAME_STX = 2;
export const FRAME_ETX = 3;
export const TERMINAL_CODE_OK = 620000;
export const TERMINAL_CODE_FAILURE = 670000;
export const DEVICE_ERROR_CODE_FIRST = 623901;
export const DEVICE_ERROR_CODE_LAST = 623917;

// --- Passwords (docs/product.md#password-meter) ---
export const PASSWORD_METER_MIN_LENGTH = 8;

// --- Dashboard and carousel (docs/product.md#dashboard) ---
export const CAROUSEL_SPEED_MS = 300;
export const CAROUSEL_SPACING_PX = 30;
export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 40;
/** Slides shown at once when more than one feature card is available (else 1). */
export const CAROUSEL_SLIDES_MULTI = 2;
/** counter_reset values: 0 daily digest, 1 weekly; weekly when unknown. */
export const COUNTER_RESET_DAILY = 0;
export const COUNTER_RESET_WEEKLY = 1;
/** Weekly until the user chooses. @alias */
export const DEFAULT_COUNTER_RESET = COUNTER_RESET_WEEKLY;

// --- Shell animation and timing (docs/product.md#shell) ---
export const SCROLL_TOP_OFFSET_PX = 200;
export const SCROLL_TOP_SPEED_MS = 600;
export const MODAL_TRANSITION_MS = 300;
export const MODAL_BACKDROP_MS = 150;
/** The side menu's slide in and out. */
export const ASIDE_ANIMATION_MS = 300;
export const PROGRESS_BAR_THICKNESS_PX = 3;

// --- Layout defaults kept in browser storage (docs/product.md#preferences) ---
export const DEFAULT_LAYOUT = {
  isSideMenuShown: true,
  isHeaderShown: false,
  isDarkSkin: true,
  primaryColor: 'blue',
} as const;

// --- Browser storage keys (docs/product.md#browser-storage) ---
export const STORAGE_KEYS = {
  apiToken: 'api_token',
  authExp: 'authExp',
  mfa: 'mfa',
  userId: 'user_id',
  confirmMfa: 'confirmMFA',
  verifyToken: 'verify_token',
  verifyId: 'VerifyId',
  language: 'lang',
  theme: 'theme',
  layout: 'layout',
} as const;

// --- Companies and roles (docs/product.md#companies) ---
export const PLATFORM_COMPANY_CODE = 'HQ';
/** Head-office security centre: its users may open the Key Certificate Group page. */
export const HQSC_COMPANY_CODE = 'HQSC';

// --- Terms and conditions (docs/product.md#terms) ---
export const TRIAL_PERIOD_DAYS = 60;
export const DISPUTE_RESOLUTION_DAYS = 90;
export const GOVERNING_LAW_COUNTRY = 'Taiwan';

// --- Server-side authentication (docs/security.md) ---
export const EMAIL_CODE_TTL_MS = 5 * MINUTE_MS;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** POST /auth/login/otp only mails a code within this time of a correct password. */
export const PASSWORD_CHALLENGE_TTL_MS = 5 * MINUTE_MS;
export const INVITATION_TTL_MS = 7 * DAY_MS;
export const RESET_LINK_TTL_MS = HOUR_MS;
export const SESSION_TTL_MS = HOUR_MS;
/** Random bytes of a session (and link) token: 256 bits. */
export const SESSION_TOKEN_BYTES = 32;
export const SIGN_IN_LOCKOUT_FAILURES = 10;
export const SIGN_IN_LOCKOUT_MS = 15 * MINUTE_MS;
export const RECOVERY_CODE_COUNT = 10;
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Accepted clock drift in TOTP steps either side. */
export const TOTP_WINDOW_STEPS = 1;
export const TOTP_ALGORITHM = 'SHA1';
