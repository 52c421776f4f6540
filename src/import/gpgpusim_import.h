#pragma once

// `warpsim config import`: a GPGPU-Sim configuration (gpgpusim.config, optionally Accel-Sim's
// trace.config after it) translated into a warpsim GPU preset. Every value in the preset says
// which option it came from; options that have no warpsim counterpart are listed, and so are
// the ones translated only approximately.

#include <string>
#include <vector>

#include "import/gpgpusim_options.h"  // ImportError

namespace warpsim::import {

struct ImportRequest {
  std::vector<std::string> files;  // read in order, later options replace earlier ones
  std::string name;                // the preset's name (default: from the first file's folder)
  std::string inherits;            // a preset to take what the files do not give from, or ""
};

struct ImportResult {
  std::string yaml;  // the preset
  std::string name;
  // Every option not translated, "FILE:LINE: -name value"; those of them that do not change
  // timing (functional simulation, statistics, power, tracing) are also in `not_timing`.
  std::vector<std::string> untranslated;
  std::vector<std::string> not_timing;
  std::vector<std::string> approximations;  // "FILE:LINE: -name value: how"
  // Options whose value is what warpsim does anyway (no key to set): "FILE:LINE: -name value:
  // why".
  std::vector<std::string> agreements;
  std::size_t options = 0;  // options read
};

// Throws ImportError (FILE:LINE: ...) on an unreadable file or a malformed value.
ImportResult import_gpgpusim(const ImportRequest& request);

}  // namespace warpsim::import
