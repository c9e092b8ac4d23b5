/**
 * The voices a prompt may answer with (admin §9: text, or one of 16 Brazilian Portuguese
 * neural voices). They are Azure Speech's voice names (its voices list, locale pt-BR), spoken
 * through azure_speech.ts with the prompt's Azure key and region.
 */
export const TEXT_ONLY = "texto";

export const NEURAL_VOICES = [
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-FranciscaNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ThalitaNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
] as const;

export const PROMPT_VOICES = [TEXT_ONLY, ...NEURAL_VOICES] as const;
