/**
 * Copy of the public screens (login, registration, passwords, team creation, avatar).
 * The spec's exact messages live in messages.ts (screenMessages); these are the texts around
 * them that the spec leaves to us.
 */
export const publicTexts = {
  productName: 'Roomscale',
  tagline: 'Meet, present and collaborate in virtual reality',
  footer: 'Roomscale Dashboard',

  labels: {
    email: 'Email',
    password: 'Password',
    firstName: 'First name',
    lastName: 'Last name',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    teamName: 'Team name',
    companyName: 'Company name',
    industry: 'Industry',
    industryOther: 'Please specify',
    /** Accessible name of the show/hide button of password fields (kept free of field names). */
    toggleSecret: 'Show or hide the typed characters',
  },

  login: {
    heading: 'Log in to Roomscale',
    intro: 'Welcome back. Enter your details to continue.',
    submit: 'Log in',
    forgotPassword: 'Forgot password?',
    noAccount: "Don't have an account?",
    register: 'Register',
    ssoDivider: 'or continue with single sign-on',
    ssoButton: (displayName: string) => `Log in with ${displayName}`,
    ssoOnly: 'This account signs in with single sign-on.',
    checking: 'Checking your session…',
  },

  register: {
    heading: 'Create your account',
    intro:
      'Register to start meeting in virtual reality. We will email you a link to set your password.',
    acceptPrefix: 'I accept the',
    privacyPolicy: 'privacy policy',
    acceptJoin: 'and the',
    terms: 'terms of service',
    submit: 'Register',
    haveAccount: 'Already have an account?',
    login: 'Log in',
  },

  registerComplete: {
    heading: 'Check your email',
    body: 'We have sent you an email with a link to activate your account. Open the link to set your password and finish setting up your account.',
    sentTo: (email: string) => `The email was sent to ${email}.`,
    hint: 'No email after a few minutes? Check your spam folder, or contact support.',
    login: 'Back to log in',
  },

  forgotPassword: {
    heading: 'Forgot your password?',
    intro:
      'Enter the email address of your account and we will send you a link to reset your password.',
    submit: 'Send reset link',
    login: 'Back to log in',
  },

  password: {
    requirementsTitle: 'Your password needs',
    requirements: {
      length: 'At least 8 characters',
      lower: 'A lowercase letter',
      upper: 'An uppercase letter',
      digit: 'A digit',
    },
    passwordsDiffer: 'The passwords do not match',
    met: '(met)',
    notMet: '(not met)',
  },

  resetPassword: {
    heading: 'Choose a new password',
    intro: 'Enter a new password for your account.',
    submit: 'Reset password',
    successTitle: 'Password reset',
    success: 'Your password has been reset. You can now log in with your new password.',
    login: 'Log in',
    requestNew: 'Request a new reset link',
  },

  activate: {
    heading: 'Activate your account',
    intro: 'Choose a password to finish setting up your account.',
    accountFor: 'Account',
    submit: 'Activate account',
    activatedLoginFailed:
      'Your account has been activated, but we could not log you in automatically. Please log in with your new password.',
    login: 'Log in',
    resetPassword: 'Reset password',
    register: 'Register',
  },

  userRegister: {
    heading: 'Account not registered',
    body: 'You are signed in, but there is no Roomscale account for this login yet. Register an account to use the dashboard, or log out and sign in with another account.',
    register: 'Register',
    logout: 'Log out',
  },

  resolve: {
    loading: 'Loading your team…',
    failed: 'Your teams could not be loaded.',
    retry: 'Try again',
    logout: 'Log out',
  },

  teamCreate: {
    heading: 'Create a Team',
    intro:
      'A team holds your rooms, meetings and files, and the colleagues you work with. Create a team to get started; you can invite others once it exists.',
    pickExisting: 'You are already a member of these teams. Pick one to continue:',
    orCreate: 'Or create a new team',
    industryPlaceholder: 'Select an industry',
    industryOtherDescription: 'Describe your industry (2 to 60 characters)',
    consumerNote: 'No company name is needed for personal use.',
    submit: 'Create team',
    trialNote: 'Your new team starts in trial mode. You will be its admin.',
    roleLabel: (role: string, licenseType: string) => `${role} · ${licenseType}`,
    /** For super admins, who need no team for the admin area (part1 §2). */
    superAdminTitle: 'No team needed for the admin area',
    superAdminNote:
      'As a super admin you can manage users, teams and room templates without a team of your own.',
    toAdmin: 'Go to the admin area',
    signedInAs: (email: string) => `Signed in as ${email}`,
    logout: 'Log out',
  },

  avatar: {
    heading: 'Create your avatar',
    intro:
      'Your avatar represents you in virtual-reality meetings. Design it below; it is saved as soon as you export it.',
    noBuilderTitle: 'Avatar builder not available',
    noBuilder:
      'The avatar builder is not available here. You can start with the default avatar now and create your own avatar later from your profile.',
    skip: 'Skip avatar creation',
    skipHint: 'You can change your avatar later from your profile.',
    saving: 'Saving your avatar…',
    builderLoading: 'Loading the avatar builder…',
    configFailed: 'The avatar settings could not be loaded.',
    retry: 'Try again',
    frameTitle: 'Avatar builder',
  },

  common: {
    retry: 'Try again',
  },
} as const;
