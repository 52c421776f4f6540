#include <gtest/gtest.h>

#include "icnt/icnt_config.h"
#include "sim/registry.h"
#include "sim/schema.h"

namespace warpsim {
namespace {

CrossbarConfig read(const std::string& yaml) {
  const SectionSpec root{.sections = {icnt_section()}};
  const ConfigNode resolved =
      resolve_config(ConfigNode::parse_string(yaml, "test.yaml"), root, PolicyRegistry::global());
  return read_icnt_config(resolved.at("icnt"));
}

TEST(IcntConfig, Defaults) {
  const CrossbarConfig c = read("{}");
  EXPECT_EQ(c.flit_bytes, 32u);
  EXPECT_EQ(c.latency, 8u);
  EXPECT_EQ(c.input_buffer, 8u);
  EXPECT_EQ(c.output_buffer, 16u);
  EXPECT_EQ(c.request_header_bytes, 8u);
  EXPECT_EQ(c.reply_header_bytes, 8u);
  EXPECT_EQ(c.partitions, 1u);
  EXPECT_EQ(c.far_latency, 0u);
}

TEST(IcntConfig, ReadsEveryParam) {
  const CrossbarConfig c = read(
      "icnt: {flit_bytes: 40, latency: 3, input_buffer: 512, output_buffer: 512, "
      "request_header_bytes: 16, reply_header_bytes: 4, partitions: 2, far_latency: 17}");
  EXPECT_EQ(c.flit_bytes, 40u);
  EXPECT_EQ(c.latency, 3u);
  EXPECT_EQ(c.input_buffer, 512u);
  EXPECT_EQ(c.output_buffer, 512u);
  EXPECT_EQ(c.request_header_bytes, 16u);
  EXPECT_EQ(c.reply_header_bytes, 4u);
  EXPECT_EQ(c.partitions, 2u);
  EXPECT_EQ(c.far_latency, 17u);
}

TEST(IcntConfig, RejectsZeroFlitsAndBuffers) {
  EXPECT_THROW(read("icnt: {flit_bytes: 0}"), ConfigError);
  EXPECT_THROW(read("icnt: {partitions: 0}"), ConfigError);
  EXPECT_THROW(read("icnt: {input_buffer: 0}"), ConfigError);
  EXPECT_THROW(read("icnt: {output_buffer: 0}"), ConfigError);
}

}  // namespace
}  // namespace warpsim
