/** Every user-facing string of the accounts, shell and team areas, verbatim from the spec. */

/** Server messages: the `detail` of problem responses. The web's error mapper translates them. */
export const serverMessages = {
  alreadyMember: 'The user is already a member of this organization.',
  licenseLimitReached: 'License limit reached.',
  userAlreadyRegistered: 'User is already registered.',
  emailInUse: 'Email address is already in use.',
  customerIdMissing: 'The customer ID does not exist.',
  paymentProviderFailed: 'Something went wrong with the payment provider connection.',
  vatInvalid: 'The specified VAT number is invalid.',
  ssoForRegisteredUser:
    'Attaching single sign-on is not possible for an already-registered user. Disable single sign-on for the user; they can assign it in their profile.',
  // Messages of our own server, not named by the spec.
  unauthorized: 'Authentication is required.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'The requested resource was not found.',
  validation: 'The request has validation errors.',
  weakPassword:
    'The password must have at least 8 characters, a lowercase letter, an uppercase letter and a digit.',
  passwordsDiffer: 'The confirmation does not match the password.',
  invalidToken: 'The link is invalid or has expired.',
  wrongCurrentPassword: 'The current password is not correct.',
  noPasswordLogin: 'This account has no password login.',
  avatarNotAllowed:
    'The avatar must be an https address of the avatar builder, or the default avatar.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  companyRequired: 'Company name is required unless the industry is None (Consumer).',
  internal: 'An internal error occurred.',
  // Requests the pipeline refuses before any route sees them (platform/http/errors.ts).
  nulCharacter: 'The request contains a NUL character (U+0000), which is not allowed.',
  loneSurrogate:
    'The request contains an unpaired UTF-16 surrogate (U+D800 to U+DFFF), which is not valid text.',
  badUrl: 'The request address is not valid (bad percent-encoding).',
  uriTooLong: 'The request address is too long.',
  headersTooLarge: 'The request headers are too large.',
  malformedHttp: 'The request is not valid HTTP.',
  requestTimeout: 'The request took too long to arrive.',
  malformedRequest: 'The request is malformed.',
  unsupportedContentType: 'Unsupported content type.',
  bodyTooLarge: 'The request body is too large.',
  emptyBody: 'The request body is empty.',
  invalidJson: 'The request body is not valid JSON.',
  malformedMultipart: 'The multipart body is malformed or incomplete.',
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
} as const;

/** `error_description` texts of POST /api/connect/token (OAuth2 error bodies, not problems). */
export const tokenMessages = {
  invalidCredentials: 'The user name or password is incorrect.',
  notActivated:
    'This account is not activated yet. Use the link in the activation email, or reset your password to activate it.',
  tooManyAttempts: 'Too many failed attempts. Try again later.',
  invalidRefreshToken: 'The refresh token is invalid, expired or revoked.',
  invalidSsoToken: 'The single sign-on token is invalid, expired or already used.',
  missingGrantType: 'The grant_type parameter is required.',
  unsupportedGrantType: 'This grant type is not supported.',
  missingParameter: (name: string) => `The ${name} parameter is required.`,
  invalidParameter: (name: string) => `The ${name} parameter is invalid.`,
  invalidScope: 'The requested scope is not allowed.',
  malformedRequest: 'The request is malformed.',
} as const;

/** Friendly texts the error mapper shows for known server messages (part1 §8). */
export const friendlyServerMessages: Record<string, string> = {
  [serverMessages.alreadyMember]: 'This user is already a member of this team.',
  [serverMessages.licenseLimitReached]:
    'The license limit has been reached. Purchase more licenses to assign them.',
  [serverMessages.userAlreadyRegistered]: 'This user is already registered.',
  [serverMessages.emailInUse]: 'This email address is already in use.',
  [serverMessages.customerIdMissing]: 'The customer ID does not exist.',
  [serverMessages.paymentProviderFailed]:
    'Something went wrong with the connection to the payment provider. Please try again later.',
  [serverMessages.vatInvalid]: 'The specified VAT number is invalid.',
  [serverMessages.ssoForRegisteredUser]:
    'Single sign-on cannot be attached to an already registered user. Disable single sign-on for this user; they can assign it in their profile.',
};

export const errorTexts = {
  unexpected: 'An unexpected server error occurred.',
  serverSide: 'A server side error occurred.',
  notFound: 'Not found',
  connectionFailed: 'The connection with the server has failed',
  server500: 'An unknown error has occurred in the server',
  unknown: 'An unknown error has occurred',
  fieldInvalid: (field: string) =>
    `The field ${field} Has validation errors. Please check the input.`,
} as const;

export const screenMessages = {
  loginRequestFailed: 'Login failed. Please check your login details and try again.',
  loginFailedWith: (error: string) => `Login failed. Please try again. ${error}`,
  samlFailed:
    'SAML authentication failed. Make sure the account exists, and is linked to the SSO provider.',
  registrationFailed:
    'Registration failed. Please check the entered details and make sure you do not already have an account.',
  activationFailed:
    'Account confirmation failed. Likely this means the confirmation email has expired. If this is the case, please use the password reset feature to continue setting up your account.',
  resetFailed: 'Reset password failed. Likely this means the reset email has expired.',
  weakPassword:
    'Password validation failed. Make sure to include at least 8 characters, at least one lowecase, one uppercase and one digit in your password.',
  forgotConfirmation:
    'If the provided email address is known with us, an email has been sent to the provided address to reset your password.',
  teamSaveFailed: (detail: string) => `An error has occurred: ${detail}.`,
  trialNotice:
    'You are using Roomscale in trial mode. Purchase a license to remove the VR watermark.',
  upgradeTile: 'Purchase licenses to remove your watermark',
  welcomeBack: (firstName: string) => `Welcome back ${firstName}`,
  joinedTeam: 'You are now part of this team.',
  leftTeam: 'You are now no longer part of this team.',
  passwordChanged: 'Password has been changed',
  passwordChangeFailed: 'Password change failed. Please check the information and try again.',
  dataSaved: 'The data has been saved',
} as const;

export const dialogLabels = {
  alertClose: 'Ok',
  confirm: 'Confirm',
  cancel: 'Cancel',
  errorTitle: 'Error',
} as const;

/** Validation messages of the forms (shared by server field errors and web forms). */
export const fieldMessages = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  mustAccept: 'You must accept the privacy policy and terms',
  selectIndustry: 'Select an industry',
} as const;

export const pageTitle = (title?: string) =>
  title ? `${title} - Roomscale Dashboard` : 'Roomscale Dashboard';

/** Texts of rooms and room templates (part2 §2, §5); server `detail`s and screen strings. */
export const roomMessages = {
  adminRequired: 'You must be an admin to add or edit rooms',
  noRooms: 'No rooms found.',
  noRoomsAdminHint: 'create a room or remove filter',
  noRoomsUserHint: 'Request your team admin to create a room',
  noTemplates: 'No room templates found. Please contact support.',
  roomSaved: 'Room saved',
  teamRoomHelp: 'all team members can access without a meeting code',
  privateRoomHelp:
    'only the owner; others join only after the setting changes or via a planned meeting',
  persistSwitch: 'Persist room objects in-between sessions',
  cannotBeUndone: 'This cannot be undone',
  copyPrefix: 'Copy of ',
  // Messages of our own server.
  sourceNotFound: 'The room template or room to copy from was not found.',
  unknownSharingType: 'Unknown sharing type.',
  teamSharingOnly: 'A room is either a team room or a private room.',
  managedTemplate: 'This room template is managed by Roomscale and cannot be changed by a team.',
  inUseByMeeting:
    'The room is used by a meeting that has not ended, so it cannot become a template.',
  unknownTeam: 'Unknown team.',
  imageUrl: 'Enter an https address or a path on this server.',
  url: 'Enter an http or https address.',
  staticDataNeedsManager: 'Only the managers of this room can change its locked room data.',
  templateDataNeedsManager: 'Only the managers of this room template can change its data.',
  roomDataFull: 'This room holds the maximum number of objects.',
  meetingDoesNotUseRoom: 'The meeting does not use this room.',
  roomDataOfOtherRoom: 'This room data entry belongs to another room.',
  changedMeanwhile: 'Something this change refers to was just removed. Reload and try again.',
} as const;

/** Texts of meetings (part2 §2, §4, §5); server `detail`s and the launch page's strings. */
export const meetingMessages = {
  endBeforeStart: 'End time should be after the starting time.',
  endInPast: 'Ensure the end time is in the future.',
  upcoming: 'Upcoming meeting',
  concluded: 'Meeting has concluded',
  ended: 'Meeting ended',
  noRooms: 'No meeting rooms assigned',
  ongoing: 'Ongoing:',
  joinNow: 'Join now',
  codeCopied: 'Copied',
  codeCopiedTitle: 'Meeting code',
  linkCopied: 'Copied link to launch screen',
  linkCopiedTitle: 'Meeting link',
  // Messages of our own server.
  roomsRequired: 'Select at least one room.',
  participantsRequired: 'Add at least one participant.',
  moderatorMustBeUser: 'Only members of the team can be moderators.',
  /** A userId that is not a member of the team, whether or not such an account exists. */
  unknownUser: 'This user is not a member of the team.',
  unknownRoom: 'This room is not available to the team.',
  notATemplate: 'Temporary rooms are made from room templates only.',
  templateAsRoom: 'A room template cannot be joined; add it as a temporary room.',
  roomNotInMeeting: 'The room is not part of this meeting.',
  alreadyEnded: 'This meeting has ended and can no longer be changed.',
  moderatorOrAdmin: 'Only a moderator of this meeting or a team admin can do this.',
  invalidTimeZone: 'Unknown time zone.',
  dateOutOfRange: 'Enter a date between the years 2000 and 9999.',
  changedMeanwhile: 'Something this change refers to was just removed. Reload and try again.',
  running: 'The meeting is in progress.',
  notFound: 'No meeting was found with this code.',
} as const;
