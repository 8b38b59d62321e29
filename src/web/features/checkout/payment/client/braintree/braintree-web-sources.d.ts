/**
 * braintree-web's CommonJS sources, imported by path so that bundling shares their
 * common modules rather than taking each component's prebuilt browserify bundle (the
 * package's "browser" field), which repeats them and needs a require() shim in the
 * chunk every page loads. Their types are @types/braintree-web's.
 */
declare module 'braintree-web/client/index.js' {
  export * from 'braintree-web/client';
}
declare module 'braintree-web/hosted-fields/index.js' {
  export * from 'braintree-web/hosted-fields';
}
declare module 'braintree-web/three-d-secure/index.js' {
  export * from 'braintree-web/three-d-secure';
}
declare module 'braintree-web/data-collector/index.js' {
  export * from 'braintree-web/data-collector';
}
declare module 'braintree-web/apple-pay/index.js' {
  export * from 'braintree-web/apple-pay';
}
declare module 'braintree-web/google-payment/index.js' {
  export * from 'braintree-web/google-payment';
}
declare module 'braintree-web/paypal-checkout/index.js' {
  export * from 'braintree-web/paypal-checkout';
}
